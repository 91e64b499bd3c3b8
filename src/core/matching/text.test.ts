import { describe, expect, it } from 'vitest';
import { addBusinessDays, dayNumber, isBusinessDay, isoOfDay } from './calendar';
import { nameSimilarity } from './name-similarity';
import {
  boletoLumpCount,
  cardDescriptor,
  channelOf,
  foldText,
  keyTokens,
  nameTokens,
  normalizeKey,
  payerKey,
  payerTokens,
} from './text';

describe('payer text', () => {
  it.each([
    ['PIX RECEBIDO - MARIA S SOUZA', ['maria', 's', 'souza']],
    ['TED-TRANSF ELET DISPON REMET.CAIO VIEIRA', ['caio', 'vieira']],
    ['DOC RECEBIDO JOAO DA SILVA', ['joao', 'silva']],
    ['PAGTO JOSÉ ANTÔNIO 123.456.789-00', ['jose', 'antonio']],
    ['Transferência recebida pelo Pix - Conceição Araújo - •••.456.789-••', ['conceicao', 'araujo']],
    ['LIQ COBRANCA GABRIEL S A GUIMAR', ['gabriel', 's', 'a', 'guimar']],
    ['Pix recebido: "Ana Lima" E18236120202607011230abcdefghijk', ['ana', 'lima']],
  ])('%s → %j', (text, tokens) => {
    expect(payerTokens(text)).toEqual(tokens);
  });

  it('names nobody in a cash deposit or an aggregated boleto credit', () => {
    expect(payerKey('DEPOSITO EM DINHEIRO')).toBe('');
    expect(payerKey('LIQUIDACAO DE COBRANCA 5 TIT')).toBe('');
    expect(payerKey('PIX RECEBIDO - MARIA S SOUZA')).toBe('maria s souza');
  });

  it('keeps company suffixes (banks abbreviate them like any word) and drops particles', () => {
    expect(nameTokens('Padaria Pão de Açúcar Ltda ME')).toEqual(['padaria', 'pao', 'acucar', 'ltda', 'me']);
  });

  it('folds accents and case; plain ASCII takes the fast path', () => {
    expect(foldText('São  PAULO—Moema')).toBe('sao paulo moema');
    expect(foldText('SAO PAULO')).toBe('sao paulo');
  });
});

describe('what a line says', () => {
  it.each([
    ['CIELO VISA CREDITO', { acquirer: 'cielo', flag: 'visa', credit: true }],
    ['REDE MASTER DB', { acquirer: 'rede', flag: 'mastercard', credit: false }],
    ['GETNET ELO CRED', { acquirer: 'getnet', flag: 'elo', credit: true }],
    ['STONE AMEX CREDITO', { acquirer: 'stone', flag: 'amex', credit: true }],
  ])('card deposit %s', (text, d) => {
    expect(cardDescriptor(foldText(text))).toEqual(d);
    expect(channelOf(foldText(text))).toBe('card');
  });

  it.each([
    ['PIX RECEBIDO - ANA', 'pix'],
    ['Transferência recebida pelo Pix - Ana', 'pix'],
    ['TED RECEBIDA ANA', 'ted'],
    ['LIQ COBRANCA ANA', 'boleto'],
    ['DEPOSITO DINHEIRO', 'deposit'],
    ['RENDIMENTO APLIC AUTOMATICA', 'unknown'],
  ])('channel of %s is %s', (text, channel) => {
    expect(channelOf(foldText(text))).toBe(channel);
  });

  it('reads the count of an aggregated boleto credit, and only there', () => {
    const count = (t: string) => boletoLumpCount(foldText(t), payerTokens(t));
    expect(count('LIQUIDACAO DE COBRANCA 5 TIT')).toBe(5);
    expect(count('CRED COBRANCA 3 TITULOS')).toBe(3);
    expect(count('Cobrança Liquidação 4 títulos')).toBe(4);
    expect(count('LIQ COBRANCA YASMIN ANDRADE')).toBeNull();
  });

  it('finds authorization / NSU / TID candidates, with and without leading zeros', () => {
    expect(keyTokens('CIELO AUT 004KX9 NSU 000123456')).toEqual(['004KX9', '4KX9', '000123456', '123456']);
    expect(normalizeKey('000123456')).toEqual(['000123456', '123456']);
    expect(normalizeKey('ABCDEF')).toEqual([]);
  });
});

describe('name similarity', () => {
  const sim = (a: string, b: string) => nameSimilarity(payerTokens(a), nameTokens(b)).similarity;

  it('initials and truncation as banks print them', () => {
    expect(sim('MARIA A S LIMA', 'Maria Aparecida de Souza Lima')).toBeGreaterThanOrEqual(0.9);
    expect(sim('GABRIEL S A GUIMAR', 'Gabriel Souza Alves Guimarães')).toBeGreaterThanOrEqual(0.85);
    expect(sim('HENRIQUE CARDOSO', 'Henrique Alves Cardoso')).toBeGreaterThanOrEqual(0.9);
  });

  it('a letter that contradicts the name costs more than a missing word', () => {
    expect(sim('MARIA C SILVA', 'Maria Souza Silva')).toBeLessThan(0.6);
  });

  it('a spouse shares only the surname', () => {
    const m = nameSimilarity(payerTokens('ANA SOUZA'), nameTokens('Carlos Eduardo Souza'));
    expect(m.similarity).toBeLessThan(0.5);
    expect(m.sameSurname).toBe(true);
  });

  it('a surname that is the name’s middle word points to someone else', () => {
    expect(sim('CECILIA LEAO', 'Cecília Leão Estêvão')).toBeLessThan(
      sim('CECILIA LEAO', 'Cecília Estêvão Leão'),
    );
  });

  it('near-miss first names (Márcia, Maria) are not the same person', () => {
    expect(sim('MARCIA BARBOSA', 'Maria Barbosa')).toBeLessThan(0.85);
  });
});

describe('bank calendar', () => {
  it('weekends and national holidays are not business days (Carnival, Good Friday, Tiradentes)', () => {
    for (const d of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-04-21', '2026-07-04']) {
      expect(isBusinessDay(dayNumber(d))).toBe(false);
    }
    expect(isBusinessDay(dayNumber('2026-07-06'))).toBe(true);
  });

  it('adds business days across a weekend', () => {
    expect(isoOfDay(addBusinessDays(dayNumber('2026-07-03'), 1))).toBe('2026-07-06');
    expect(isoOfDay(addBusinessDays(dayNumber('2026-07-04'), 0))).toBe('2026-07-06');
  });
});
