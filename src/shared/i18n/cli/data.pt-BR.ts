/**
 * Textos do `quita` para a conexão, a sincronização e o que ela guarda (sync, accounts, receivables,
 * connect, debtors, geography, notify, backup, restore).
 */
export const cliDataPtBR = {
  sync: {
    summary: 'Atualiza a cópia local com o EVO (recebíveis, contas, inadimplentes)',
    help: 'quita sync [--due-from AAAA-MM-DD --due-to AAAA-MM-DD] [--geography] [--no-debtors] [--json]',
  },
  accounts: {
    summary: 'Lista as contas bancárias da cópia local',
    help: 'quita accounts [--json]',
  },
  receivables: {
    summary: 'Lista os recebíveis da cópia local',
    help: 'quita receivables [--status open,overdue,received,cancelled] [--limit N] [--json]',
  },
  connect: {
    summary: 'Conecta à API do EVO de uma unidade (testa a chave antes) e passa a usar essa conexão',
    help: 'quita connect --base-url URL --username USUÁRIO --key-kind branch|admin [--name NOME] [--password-stdin] [--anyway] [--json]',
  },
  debtors: {
    summary: 'Lista os inadimplentes da cópia local (rode quita sync antes)',
    help: 'quita debtors [--search TEXTO] [--min-days-late N] [--sort name|amount|daysLate|dueDate] [--asc] [--json]',
  },
  geography: {
    summary: 'Estados, cidades e bairros da cópia local (a busca ignora acentos)',
    help: 'quita geography [--search TEXTO] [--refresh] [--json]',
  },
  notify: {
    summary: 'Envia uma notificação a um ou mais alunos pelo EVO e espera o resultado',
    help: 'quita notify --member NÚMERO [--member NÚMERO...] --message TEXTO [--again] [--json]',
  },
  backup: {
    summary: 'Faz agora uma cópia de segurança do banco de dados da unidade, ou lista as cópias',
    help: 'quita backup [--list] [--json]',
  },
  restore: {
    summary: 'Põe uma cópia de segurança no lugar do banco de dados da unidade (o atual é guardado à parte)',
    help: 'quita restore (--latest | NOME) [--json]',
  },
};
