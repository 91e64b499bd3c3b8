/** Textos do `quita` para o trabalho do dia: import, match, approve, send, status e demo. */
export const cliFlowPtBR = {
  import: {
    summary: 'Importa um extrato do banco, um arquivo retorno de boletos ou um arquivo de vendas no cartão',
    help: 'quita import ARQUIVO --bank-account NÚMERO [--statement N] [--confirm-account] [--dry-run] [--json]',
  },
  match: {
    summary: 'Propõe recebíveis para cada crédito de um extrato e mostra o que precisa de decisão',
    help: 'quita match [--statement NÚMERO] [--all] [--json]',
  },
  approve: {
    summary: 'Aprova sugestões: todas as verdes de um extrato, ou as linhas indicadas',
    help: 'quita approve --green [--statement NÚMERO] [--json]\nquita approve --line NÚMERO [--line NÚMERO...] [--json]',
  },
  send: {
    summary: 'Dá baixa no EVO dos recebíveis aprovados (fila, envio, conferência) e espera o resultado',
    help: 'quita send [--chunk-size N] [--json]',
  },
  status: {
    summary: 'Como estão as coisas: cópia local, extratos, sugestões e envios',
    help: 'quita status [--json]',
  },
  demo: {
    summary: 'Abre a unidade de demonstração, ou escreve um dos seus extratos de exemplo',
    help: 'quita demo start [--json]\nquita demo statement [--format ofx|csv|xlsx] [--account NÚMERO] [--out ARQUIVO] [--json]',
  },
};
