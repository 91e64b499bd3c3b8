/**
 * Textos do comando `quita branches` ([V]): as unidades de uma rede, quais são conciliadas e de qual unidade é cada
 * conta. O que a tela Configurações → Unidades já diz (os lugares das contas, os avisos de cada mudança, as
 * recusas) vem do catálogo dela (`branches.*`, `errors.branches.*`); aqui fica só o que é do comando.
 */
export const cliBranchesPtBR = {
  branches: {
    summary: 'Lista as unidades da rede, escolhe quais são conciliadas e de qual unidade é cada conta',
    help: [
      'quita branches [--json]',
      'quita branches nomear <número> <nome>',
      'quita branches conciliar <número>',
      'quita branches ignorar <número>',
      'quita branches adicionar <número> [nome]',
      'quita branches conta <conta> <número da unidade, rede ou desfazer>',
      '  (sem ação)  lista as unidades (número no EVO, nome, se é conciliada, recebíveis em aberto, contas) e, depois,',
      '              de qual unidade é cada conta bancária',
      '  nomear      dá à unidade o nome que o escritório usa (um nome vazio, "", volta a “Unidade <número>”)',
      '  conciliar   passa a conciliar a unidade aqui',
      '  ignorar     deixa a unidade de fora da conciliação (os dados dela continuam guardados)',
      '  adicionar   põe na lista uma unidade que não apareceu ao sincronizar, pelo número dela no EVO',
      '  conta       diz de qual unidade é a conta bancária (o número que quita accounts mostra): o número da',
      '              unidade, rede para a conta central da rede, ou desfazer para deixar a sincronização decidir',
    ].join('\n'),
    empty: 'Nenhuma unidade guardada ainda: sincronize primeiro (quita sync).',
    col: {
      id: 'Número',
      name: 'Nome',
      chosen: 'Conciliada',
      open: 'Em aberto',
      accounts: 'Contas',
    },
    yes: 'sim',
    no: 'não',
    accountsTitle: 'Contas bancárias:',
    noAccounts: 'Nenhuma conta bancária guardada ainda: sincronize primeiro (quita sync).',
    accountLine: '{{id}}  {{account}}: {{place}}',
    badAction: 'ação desconhecida: “{{action}}” (use nomear, conciliar, ignorar, adicionar ou conta)',
    badId: 'o número da unidade precisa ser um número inteiro maior que zero, não “{{value}}”',
    badAccount: 'o número da conta precisa ser um número inteiro maior que zero, não “{{value}}”',
    badPlace: 'diga o número da unidade, rede (a conta central da rede) ou desfazer, não “{{value}}”',
    longName: 'o nome da unidade pode ter até 80 letras, sem quebras de linha',
    missing: {
      nomear: 'diga o número da unidade e o nome: quita branches nomear <número> <nome>',
      conciliar: 'diga o número da unidade: quita branches conciliar <número>',
      ignorar: 'diga o número da unidade: quita branches ignorar <número>',
      adicionar: 'diga o número da unidade: quita branches adicionar <número> [nome]',
      conta:
        'diga o número da conta e de quem ela é: quita branches conta <conta> <número da unidade, rede ou desfazer>',
    },
    status: {
      noStatement:
        'nenhum extrato importado é de uma conta de “{{value}}” (veja quita branches e quita import)',
      receivablesNetwork:
        'um recebível é de uma unidade: diga o número ou o nome dela em --branch, não “rede”',
      debtorsNetwork:
        'um inadimplente é de uma unidade: diga o número ou o nome dela em --branch, não “rede”',
      title: 'Unidades:',
      network: 'Rede (contas centrais e contas sem unidade)',
      unnamed: 'Unidade {{id}}',
      line: '  {{name}}: {{states}} · recebíveis em aberto: {{open}} · vencidos: {{overdue}}',
      notNetwork:
        'esta conexão é de uma unidade só: --branch só serve para uma rede (chave de administrador geral)',
      unknown:
        'nenhuma unidade desta rede tem o número ou o nome “{{value}}” (veja quita branches; rede = as contas da rede)',
    },
  },
};
