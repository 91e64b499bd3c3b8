/** Textos do `quita` para a rotina automática e a auditoria: run (e a entrada do agendador) e audit. */
export const cliRunPtBR = {
  run: {
    summary: 'Roda agora um ciclo automático (para o agendador do sistema), ou mostra a entrada do agendador',
    help: 'quita run --cycle [--json]\nquita run --print-schedule windows|systemd',
  },
  audit: {
    summary:
      'Exporta o registro de auditoria ou o relatório de conciliação (CSV, XLSX, PDF); confere a cadeia',
    help: 'quita audit export --format csv|xlsx|pdf --out ARQUIVO [--from AAAA-MM-DD] [--to AAAA-MM-DD] [--kind log|reconciliation] [--action PREFIXO] [--json]\nquita audit verify [--json]',
  },
};
