import type { ErrorInfo } from '../../shared/contract';

/**
 * The sentence written beside a refused file (`<file>.motivo.txt`) and printed by `quita run`, in Portuguese: the
 * person who opens `recusados/` in the Explorer reads it there, with no screen to translate a code. The screens
 * word the same refusals from their code (renderer i18n, `errors.*`); this table covers what the intake folder
 * meets, and any other refusal gets a sentence that says where to see it in detail.
 */
const PT: Record<string, string> = {
  'import.empty': 'O arquivo está vazio. Baixe o arquivo do banco de novo.',
  'import.too_large': 'O arquivo é grande demais. Exporte um período menor.',
  'upload.too_large': 'O arquivo é grande demais. Exporte um período menor.',
  'import.too_many_rows': 'O arquivo tem linhas demais. Exporte um período menor.',
  'import.password_protected':
    'A planilha está protegida por senha. Salve uma cópia sem senha e coloque essa cópia na pasta.',
  'import.unrecognized':
    'Este arquivo não é um extrato, um arquivo de retorno nem um arquivo de credenciadora que o Quita consiga ler.',
  'import.pdf':
    'Este arquivo é um PDF, e o Quita não lê PDF: exporte o extrato do banco como OFX, CSV ou Excel.',
  'import.corrupt': 'O arquivo está danificado ou incompleto. Baixe de novo no banco.',
  'import.truncated': 'O arquivo termina antes do fim (está incompleto). Baixe de novo no banco.',
  'import.no_table':
    'Nenhuma linha de extrato foi encontrada no arquivo. Importe-o em Importar, escolhendo as colunas.',
  'import.no_lines': 'O arquivo não tem lançamentos. Confira o período escolhido na exportação do banco.',
  'import.all_rejected': 'Nenhuma linha do arquivo pôde ser lida. Importe-o em Importar para ver cada linha.',
  'import.card_bill': 'Este arquivo é uma fatura de cartão, não um extrato de conta.',
  'import.foreign_currency': 'Este extrato não está em reais (BRL); o Quita só concilia valores em reais.',
  'import.timeout':
    'O arquivo não pôde ser lido a tempo; ele pode estar danificado. Exporte de novo no banco.',
  'cnab.remessa':
    'Este é um arquivo de remessa (o que a academia envia ao banco), não um arquivo de retorno. Coloque na pasta o retorno que o banco devolve.',
  'cnab.unsupported_bank': 'O Quita ainda não lê arquivos de retorno deste banco.',
  'cnab.unsupported_layout': 'O Quita não lê este leiaute de arquivo de retorno.',
  'cnab.truncated': 'O arquivo de retorno está incompleto. Baixe de novo no banco.',
  'acquirer.truncated':
    'O arquivo da credenciadora está incompleto. Baixe de novo no portal da credenciadora.',
};

const FALLBACK =
  'O Quita não conseguiu importar este arquivo. Abra-o em Importar para ver o motivo em detalhe.';

export function refusalSentence(error: ErrorInfo): string {
  if (error.code && PT[error.code]) return PT[error.code]!;
  if (error.code?.startsWith('cnab.'))
    return 'O arquivo de retorno tem um registro que o Quita não entende. Baixe de novo no banco; se repetir, importe-o em Importar para ver a linha.';
  if (error.code?.startsWith('acquirer.'))
    return 'O arquivo da credenciadora tem um registro que o Quita não entende. Baixe de novo; se repetir, importe-o em Importar para ver a linha.';
  return FALLBACK;
}

/** Why a file waits for a person, in Portuguese (the same codes as the screens' `errors.intake.*`). */
export function waitingSentence(error: ErrorInfo): string {
  const p = error.params ?? {};
  switch (error.code) {
    case 'intake.no_account_named':
      return 'O arquivo não diz de que conta bancária é: escolha a conta.';
    case 'intake.account_unknown':
      return `O arquivo é da conta ${String(p.account ?? '')}, que não está entre as contas desta filial: escolha a conta.`;
    case 'intake.cnab_no_account':
      return `Nenhuma conta desta filial é do banco ${String(p.bank ?? '')}: escolha a conta.`;
    case 'intake.cnab_several_accounts':
      return `Esta filial tem ${String(p.count ?? '')} contas no banco ${String(p.bank ?? '')}: escolha de qual é este retorno.`;
    case 'intake.acquirer_no_account':
      return 'O arquivo da credenciadora não diz em qual conta da filial foi pago: escolha a conta.';
    case 'intake.several_statements':
      return 'O arquivo traz vários extratos: importe-o em Importar, escolhendo cada um.';
    default:
      return 'Escolha a conta deste arquivo.';
  }
}
