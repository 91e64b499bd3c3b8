/**
 * Texts of a network's branches ([V]): Configurações → Unidades (`branches.*`, components/settings/Branches.tsx),
 * the words `quita branches` shares with it, and the sentences of the branch commands' refusals
 * (`errors.branches.*`, one sentence each, naming what to do).
 */
export const branchesPtBR = {
  title: 'Unidades',
  explain:
    'Esta conexão vê várias unidades da rede. Dê a cada unidade o nome que o escritório usa, escolha quais são conciliadas aqui e diga de qual unidade é cada conta bancária: o dinheiro de uma unidade nunca baixa um recebível de outra sem que alguém confirme.',
  /** A branch the office has not named. */
  unnamed: 'Unidade {{id}}',
  count: '{{count}} unidades',
  count_one: '{{count}} unidade',
  chosenCount: '{{count}} conciliadas aqui',
  chosenCount_one: '{{count}} conciliada aqui',
  /** "6 unidades, 1 conciliada aqui": each count with its own plural. */
  summary: '{{branches}}, {{chosen}}',
  table: {
    caption: 'Unidades da rede',
    id: 'Número no EVO',
    name: 'Nome',
    open: 'Recebíveis em aberto',
    accounts: 'Contas bancárias',
    chosen: 'Conciliar esta unidade',
  },
  nameLabel: 'Nome da unidade {{id}}',
  namePlaceholder: 'Unidade {{id}}',
  chosenLabel: 'Conciliar a unidade {{name}}',
  chosenLabelNumber: 'Conciliar a unidade {{id}}',
  renamed: 'Nome salvo: {{name}}.',
  nameCleared: 'A unidade {{id}} volta a se chamar “Unidade {{id}}”.',
  nameTooLong: 'O nome da unidade pode ter até 80 letras.',
  chosenOn: '{{name}} será conciliada aqui.',
  chosenOff: '{{name}} não será mais conciliada aqui; os dados dela continuam guardados.',
  add: {
    title: 'Adicionar uma unidade',
    hint: 'Só é preciso quando uma unidade não aparece depois de sincronizar. O número é o da unidade no EVO.',
    id: 'Número da unidade no EVO',
    name: 'Nome (opcional)',
    submit: 'Adicionar unidade',
    badId: 'Informe o número da unidade no EVO: um número inteiro maior que zero.',
    added: '{{name}} adicionada. Sincronize para trazer os recebíveis dela.',
  },
  accounts: {
    title: 'Contas bancárias',
    hint: 'Uma conta central da rede recebe por várias unidades. Para uma conta que ninguém indicou, o Quita usa o que a API informa ou o histórico de recebimentos.',
    none: 'Nenhuma conta bancária guardada ainda: sincronize primeiro.',
    caption: 'De qual unidade é cada conta bancária',
    account: 'Conta',
    place: 'A conta é',
    change: 'Mudar para',
    changeLabel: 'De qual unidade é a conta {{account}}',
    inactive: 'inativa',
    choose: 'Escolha…',
    network: 'Rede (conta central)',
    clear: 'Desfazer: deixar a sincronização decidir',
    moved: 'A conta {{account}} agora é {{place}}.',
    cleared:
      'A conta {{account}} volta a ser decidida pela sincronização (pela API ou pelo histórico de recebimentos).',
  },
  /** Where an account belongs, in words ("da unidade Centro"), and who said so. */
  place: {
    branch: 'da unidade {{name}}',
    /** A branch the office has not named: "da unidade 12" (not "da unidade Unidade 12"). */
    branchNumber: 'da unidade {{id}}',
    network: 'da rede (conta central)',
    unknown: 'ainda não sabemos de qual unidade',
    by: {
      api: 'pela API',
      history: 'pelo histórico de recebimentos',
      office: 'pelo escritório',
    },
    said: '{{place}} (definida {{by}})',
  },
  errors: {
    not_found:
      'A unidade {{id}} não está na lista desta conexão: sincronize primeiro, ou adicione-a pelo número dela no EVO.',
    last_chosen:
      'Pelo menos uma unidade precisa continuar sendo conciliada aqui: escolha outra antes de deixar esta de fora.',
    exists: 'A unidade {{id}} já está na lista; para mudar o nome dela, edite o nome na tabela.',
    account_not_found:
      'A conta bancária {{accountId}} ainda não é conhecida aqui: sincronize para buscar as contas no EVO e tente de novo.',
    place_missing: 'Diga de qual unidade é a conta, ou que ela é a conta central da rede.',
    sync_again:
      'A API só responde a esta chave unidade por unidade; o Quita aprendeu isso agora. Sincronize de novo para ler cada unidade.',
    ids_needed:
      'A API só responde a esta chave unidade por unidade, e nenhuma unidade é conhecida ainda: adicione as unidades pelo número delas no EVO (Configurações → Unidades, ou quita branches adicionar) e sincronize de novo.',
    api_refuses:
      'A API recusa esta chave tanto com o número da unidade quanto sem ele: confira com o suporte do EVO as permissões da chave de administrador geral.',
  },
};
