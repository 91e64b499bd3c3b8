import { bankName, bankText, maskedCpf, type NameMode } from './bank-text';
import type { NoiseLevel } from './types';

/** Who paid, before the bank mangles it. */
export interface Payer {
  name: string;
  cpf: string;
}

/** How one bank words its statement lines (approximations of real exports, not copies). */
export interface BankStyle {
  pix(p: Payer): string;
  ted(p: Payer): string;
  deposit(p: Payer): string;
  boleto(p: Payer): string;
  boletoLump(count: number): string;
  card(acquirer: string, flag: string, credit: boolean): string;
  pixOut(name: string): string;
  refund(p: Payer): string;
}

const FLAG_SHORT: Record<string, string> = {
  Visa: 'VISA',
  Mastercard: 'MASTER',
  Elo: 'ELO',
  Hipercard: 'HIPER',
  'American Express': 'AMEX',
};

function cardText(acquirer: string, flag: string, credit: boolean): string {
  const f = FLAG_SHORT[flag] ?? bankText(flag);
  switch (acquirer) {
    case 'Rede':
      return `REDE ${f} ${credit ? 'CD' : 'DB'}`;
    case 'Stone':
      return `STONE ${f} ${credit ? 'CREDITO' : 'DEBITO'}`;
    case 'GetNet':
      return `GETNET ${f} ${credit ? 'CRED' : 'DEB'}`;
    default:
      return `CIELO ${f} ${credit ? 'CREDITO' : 'DEBITO'}`;
  }
}

export function bankStyle(bankCode: number, noise: NoiseLevel): BankStyle {
  const mode: NameMode = noise === 'low' ? 'full' : 'initials';
  const cut = (n: number) => (noise === 'low' ? n + 12 : noise === 'high' ? Math.max(12, n - 6) : n);
  const up = (p: Payer | string, len: number, m: NameMode = mode) =>
    bankName(typeof p === 'string' ? p : p.name, m, cut(len));
  const proper = (p: Payer, len: number) => p.name.slice(0, cut(len)).trim();

  const generic: BankStyle = {
    pix: (p) => `PIX RECEBIDO - ${up(p, 24)}`,
    ted: (p) => `TED RECEBIDA ${up(p, 24)}`,
    deposit: () => 'DEPOSITO DINHEIRO',
    boleto: (p) => `LIQ COBRANCA ${up(p, 22)}`,
    boletoLump: (n) => `LIQUIDACAO DE COBRANCA ${n} TIT`,
    card: cardText,
    pixOut: (name) => `PIX ENVIADO - ${up(name, 24, 'full')}`,
    refund: (p) => `DEVOLUCAO PIX - ${up(p, 22)}`,
  };
  switch (bankCode) {
    case 237:
      return {
        ...generic,
        pix: (p) => `TRANSFERENCIA PIX REM: ${up(p, 20, 'first-last')}`,
        ted: (p) => `TED-TRANSF ELET DISPON REMET.${up(p, 18, 'first-last')}`,
        deposit: () => 'DEPOSITO EM DINHEIRO',
        boleto: (p) => `LIQUIDACAO BOLETO ${up(p, 18)}`,
        boletoLump: (n) => `CRED COBRANCA ${n} TITULOS`,
      };
    case 1:
      return {
        ...generic,
        pix: (p) => `Pix - Recebido ${up(p, 26)}`,
        ted: (p) => `TED-Crédito em Conta ${up(p, 22)}`,
        deposit: () => 'Depósito em dinheiro',
        boleto: (p) => `Cobrança - ${up(p, 24)}`,
        boletoLump: (n) => `Cobrança Liquidação ${n} títulos`,
        pixOut: (name) => `Pix - Enviado ${up(name, 26, 'full')}`,
      };
    case 104:
      return {
        ...generic,
        pix: (p) => `CRED PIX ${up(p, 16)}`,
        ted: (p) => `CRED TED ${up(p, 16)}`,
        deposit: () => 'DP DINHEIRO',
        boleto: (p) => `CRED COBR ${up(p, 16)}`,
        boletoLump: (n) => `CRED COBRANCA ${n}`,
        pixOut: (name) => `ENVIO PIX ${up(name, 16, 'full')}`,
      };
    case 260:
      // Nubank keeps accents and mixed case, and masks the payer's CPF.
      return {
        ...generic,
        pix: (p) => `Transferência recebida pelo Pix - ${proper(p, 40)} - ${maskedCpf(p.cpf)}`,
        ted: (p) => `Transferência Recebida - ${proper(p, 40)}`,
        pixOut: (name) => `Transferência enviada pelo Pix - ${name}`,
        refund: (p) => `Reembolso enviado pelo Pix - ${proper(p, 40)}`,
      };
    case 77:
      return {
        ...generic,
        pix: (p) => `Pix recebido: "${proper(p, 30)}"`,
        ted: (p) => `TED recebida: "${proper(p, 30)}"`,
        pixOut: (name) => `Pix enviado: "${name}"`,
        refund: (p) => `Devolução Pix: "${proper(p, 30)}"`,
      };
    default:
      return generic;
  }
}
