/**
 * Connection test, first run and Configurações ([P] item 3): why a test failed, remarks on a key, saving after a
 * failed test, and removing a connection. Mounted as `errors.connection`, `connectionCheck` and `profileRemove`.
 */
export const settingsPtBR = {
  errors: {
    not_api:
      'O endereço respondeu, mas não como a API de integração do EVO: em vez da lista de contas bancárias, veio $t(connectionCheck.received.{{received}}). Confira o Endereço da API (o normal é https://evo-integracao-api.w12app.com.br).',
    key_not_guid:
      'A API recusou o usuário ou a chave, e a chave informada não tem o formato de uma chave de integração (um código como 3f2504e0-4f89-11d3-9a0c-0305e82c3301). Confira se não foi colada outra senha no lugar dela.',
  },
  connectionCheck: {
    received: {
      html: 'uma página da web',
      text: 'um texto',
      empty: 'uma resposta vazia',
      json: 'outros dados',
    },
    notices: {
      key_not_guid:
        'A chave não tem o formato de uma chave de integração (um código como 3f2504e0-4f89-11d3-9a0c-0305e82c3301), mas a API a aceitou.',
      key_sees_branches:
        'Esta chave enxerga {{count}} filiais (códigos {{branches}}): parece uma chave de administrador geral, não da filial. Salva como chave da filial, o Quita misturaria recebíveis de outras filiais. Marque “Chave de administrador geral” para conciliar a rede unidade por unidade, ou peça a chave da filial.',
    },
    adminHint:
      'Se esta for uma chave de administrador geral: o fabricante a documenta como válida só nas chamadas que levam o código da filial. Confira o usuário e a chave; se estiverem certos, salve mesmo assim e adicione as unidades pelo número delas em Configurações → Unidades, ou peça a chave da filial.',
    failed: 'O teste da conexão falhou, por isso ela ainda não foi salva:',
    warned: 'A conexão respondeu, mas há um problema, por isso ela ainda não foi salva:',
    question: 'Salvar mesmo assim? Dá para testar e corrigir depois em Configurações.',
    saveAnyway: 'Salvar mesmo assim',
    dontSave: 'Não salvar',
    notSaved: 'A conexão não foi salva. Corrija os dados e tente de novo.',
    testingBeforeSave: 'Testando antes de salvar…',
  },
  profileRemove: {
    ask: 'Remover a conexão da filial «{{name}}»? A chave guardada neste computador é apagada; o banco de dados da filial continua na pasta dos dados. A remoção fica registrada na auditoria.',
    yes: 'Sim, remover «{{name}}»',
    no: 'Cancelar',
    failed: 'A conexão não foi removida:',
  },
  notifyAgain: {
    period: 'Perguntar antes de notificar de novo quem foi notificado há menos de (dias)',
    periodHint: '0: nunca perguntar. Vale para esta filial.',
    periodSaved: 'Prazo salvo: {{days}} dias.',
    periodSaved_one: 'Prazo salvo: {{days}} dia.',
    ask: '{{count}} destes alunos já foram notificados nos últimos {{days}} dias:',
    ask_one: '{{count}} destes alunos já foi notificado nos últimos {{days}} dias:',
    item: '{{name}}, em {{when}} ({{state}})',
    question: 'Notificar de novo?',
    all: 'Notificar todos mesmo assim',
    others: 'Só os outros ({{count}})',
    cancel: 'Cancelar',
    lastNotified: 'notificado em {{date}}',
    lastNotifiedTitle: 'Última notificação: {{when}} ({{state}})',
  },
};
