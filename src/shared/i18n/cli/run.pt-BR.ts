/**
 * Textos do `quita` para a rotina automática e a auditoria: run (e a entrada do agendador) e audit. O ciclo é
 * contado com as palavras de Início (`cycle.*`) e a verificação com as da Auditoria (`audit.verify.*`).
 */
export const cliRunPtBR = {
  run: {
    summary: 'Roda agora um ciclo automático (para o agendador do sistema), ou mostra a entrada do agendador',
    help: [
      'quita run --cycle [--json]',
      'quita run --print-schedule windows|systemd',
      '  --cycle           roda agora um ciclo da filial em uso: sincronizar, ler os Pix e a pasta de entrada, conciliar e enviar pela regra',
      '  --print-schedule  mostra a entrada do agendador do sistema (Agendador de Tarefas do Windows ou um timer do systemd) que roda o ciclo no horário da filial',
      'Código de saída 1 quando uma etapa do ciclo falhou (as outras são feitas), para o agendador perceber.',
    ].join('\n'),
    cycle: 'Ciclo das {{time}}: {{parts}}.',
    sentByRule: '{{count}} recebíveis enviados pela regra de envio {{version}} ({{confirmed}})',
    sentByRule_one: '{{count}} recebível enviado pela regra de envio {{version}} ({{confirmed}})',
    confirmed: '{{count}} confirmados',
    confirmed_one: '{{count}} confirmado',
    stepFailed: 'Não foi possível {{step}}; as outras etapas foram feitas. Detalhes em {{log}}.',
    policyOff: 'A regra de envio automático está desligada: nada foi enviado sem você.',
    busy: 'Outro Quita já está fazendo o ciclo desta filial agora; nada foi feito desta vez.',
    noArguments: 'quita run não recebe arquivo nem nome',
    both: 'use --cycle ou --print-schedule, não os dois',
    badSchedule: '--print-schedule aceita windows ou systemd',
    what: 'diga o que rodar: --cycle, ou --print-schedule windows|systemd',
    noBranch: 'nenhuma filial conectada: conecte uma antes (quita connect ou quita demo start)',
    systemdThen:
      '# Depois: systemctl --user daemon-reload && systemctl --user enable --now quita-cycle.timer',
  },
  audit: {
    summary:
      'Exporta o registro de auditoria ou o relatório de conciliação (CSV, XLSX, PDF); confere se a auditoria está íntegra',
    help: [
      'quita audit export --out ARQUIVO [--format csv|xlsx|pdf] [--kind registro|conciliacao] [--from AAAA-MM-DD] [--to AAAA-MM-DD] [--action TIPO] [--branch UNIDADE] [--json]',
      'quita audit verify [--json]',
      '  export     grava o arquivo; no fim, ele diz também se a auditoria está íntegra',
      '  --out      onde gravar (-o)',
      '  --format   csv, xlsx ou pdf (padrão: a extensão do --out)',
      '  --kind     registro (o registro de auditoria, padrão) ou conciliacao (o relatório de conciliação)',
      '  --from     a partir deste dia (horário de Brasília)',
      '  --to       até este dia, inclusive',
      '  --branch   relatório de conciliação de uma rede: só as contas desta unidade (número ou nome; rede = as contas da rede)',
      '  --action   só um tipo de ação, como no filtro da Auditoria: importacoes, conciliacao, envios, notificacoes, configuracoes, sincronizacoes ou copias',
      '  verify     confere se algum registro foi alterado ou apagado (também contra a cópia de conferência guardada fora do banco de dados); código de saída 1 se a auditoria foi adulterada',
    ].join('\n'),
    badFormat: '--format aceita csv, xlsx ou pdf (não “{{value}}”)',
    noFormat: 'diga o formato: --format csv, xlsx ou pdf, ou um --out terminado em .csv, .xlsx ou .pdf',
    noOut: 'falta --out ARQUIVO (onde gravar)',
    branchOnlyRecon:
      '--branch só vale para o relatório de conciliação (--kind conciliacao): a auditoria é a da conexão inteira',
    badKind: '--kind aceita registro ou conciliacao (não “{{value}}”)',
    badAction: 'ação desconhecida: “{{action}}” (use export ou verify)',
    noAction: 'diga o que fazer: export ou verify',
    longAction: '--action aceita até 60 caracteres',
    written: 'Arquivo gravado: {{path}} ({{format}}, {{size}}).',
    bytes: '{{formatted}} bytes',
    bytes_one: '{{formatted}} byte',
  },
};
