import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importErrors } from '../../src/core/import/import-errors';
import { REASON_CODES } from '../../src/shared/contract/matching';
import { en } from '../../src/shared/i18n/en';
import { englishReason } from '../../src/shared/i18n/reasons.en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { resources } from '../../src/shared/i18n/resources';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );

const files = (dir: string, ext = /\.tsx$/): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(p) ? [p] : [];
  });

describe('UI texts', () => {
  it('English has exactly the Portuguese keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(ptBR).sort());
    for (const k of keys(ptBR))
      expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], ptBR)).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const get = (o: object, k: string) =>
      k.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], o) as string;
    const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const k of keys(ptBR)) expect(vars(get(en, k)), k).toEqual(vars(get(ptBR, k)));
  });

  it('has no hard-coded text in the renderer’s JSX (every visible string goes through t())', () => {
    const visibleAttributes = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label']);
    const offenders = files('src/renderer/src').flatMap((file) => {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text)) found.push(`${file}: ${node.text.trim()}`);
        if (
          ts.isJsxAttribute(node) &&
          visibleAttributes.has(node.name.getText()) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer)
        ) {
          found.push(`${file}: ${node.name.getText()}="${node.initializer.text}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
    expect(offenders).toEqual([]);
  });

  it('every literal key the renderer passes to t() exists', () => {
    // Every key the renderer has: pt-BR.ts and the files registered beside it in resources.ts (cycle.pt-BR.ts).
    const known = new Set(keys(resources['pt-BR'].translation));
    const missing = files('src/renderer/src', /\.tsx?$/).flatMap((file) => {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          /(^|\.)t$/.test(node.expression.getText()) &&
          node.arguments[0] &&
          ts.isStringLiteral(node.arguments[0])
        ) {
          const key = node.arguments[0].text;
          if (!known.has(key)) found.push(`${file}: ${key}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
    expect(missing).toEqual([]);
  });

  it('words every import error for the clerk in both languages, with every placeholder filled by the error', () => {
    const made = Object.values(importErrors).map((make) =>
      (make as (...args: unknown[]) => { code?: string; params?: Record<string, unknown> })(3, {
        line: 4,
        reason: 'data inválida',
      }),
    );
    expect(made.length).toBeGreaterThanOrEqual(16);
    for (const e of made) {
      const key = e.code!.replace(/^import\./, '');
      for (const lang of [ptBR, en]) {
        const text = (lang.errors.import as Record<string, string>)[key];
        expect(text, `${e.code} in ${lang === en ? 'en' : 'pt-BR'}`).toBeTruthy();
        for (const [, name] of text!.matchAll(/\{\{(\w+)\}\}/g)) expect(e.params ?? {}).toHaveProperty(name!);
      }
    }
  });

  it('words every matching reason code in English (pt-BR shows the core’s own wording)', () => {
    const missing = REASON_CODES.filter(
      (code) => englishReason({ code, params: {}, text: 'PT' }, String, String) === 'PT',
    );
    expect(missing).toEqual([]);
    expect(
      englishReason(
        { code: 'lag', params: { days: 2, paymentType: 5, expected: '1–3' }, text: '' },
        String,
        String,
      ),
    ).toBe(
      'paid 2 days after the due date (by boleto, the credit usually arrives 1 to 3 days after the due date)',
    );
  });
});
