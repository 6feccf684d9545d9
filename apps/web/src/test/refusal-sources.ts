/**
 * The English sentences the web may be shown by the server, read from the sources (docs/i18n.md, "Refusals"): the
 * API's refusals (what apps/api/src passes to its refusal helpers) and the messages of the contract's schemas (shown
 * by the web's forms and by the API's validation). Node only: the refusal table's check reads them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type TS from 'typescript';
import type { CallExpression, Expression, Node, SourceFile } from 'typescript';

// The compiler is loaded as Node loads it (not through Vite's transform, which looks for its source map in vain).
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const API_SRC = path.join(ROOT, 'apps/api/src');
export const CONTRACT_SRC = path.join(ROOT, 'packages/contract/src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

let parsed: SourceFile[] | undefined;
/** The API's and the contract's source files, parsed once. */
const sources = () => (parsed ??= [...sourceFiles(API_SRC), ...sourceFiles(CONTRACT_SRC)].map(parse));

const walk = (node: Node, visit: (n: Node) => void) => {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
};

const literal = (n: Node): string | undefined =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;

/** A constant's name (`LOGIN_REFUSED`), not a variable's. */
const isConstantName = (name: string) => /^[A-Z][A-Z0-9_]*$/.test(name);

const unwrap = (n: Expression): Expression =>
  ts.isAsExpression(n) || ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n)
    ? unwrap(n.expression)
    : n;

/** A call's function as the sources name it: `f` or `object.f` (else undefined). */
function calleeName(call: CallExpression): string | undefined {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
    ? `${callee.expression.text}.${callee.name.text}`
    : undefined;
}

/** The helpers of apps/api/src/errors.ts that answer a refusal with the sentence they are given. */
const REFUSAL_HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooLarge',
  'tooManyTries',
  'refusal',
]);

/** A sentence found in the sources and where. */
export type Found = { text: string; file: string };

/** The constants of the API and the contract (strings and numbers, and objects of them) and their evaluator. */
function readConstants(files: SourceFile[]) {
  const consts = new Map<string, string>();
  const members = new Map<string, Map<string, string>>();
  // What a function returns, by its name (`lockedMessage`) or its member's (`PLAN_MESSAGES.notLive`).
  const returns = new Map<string, Expression[]>();
  const returned = (fn: Node): Expression[] => {
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return [fn.body];
    const out: Expression[] = [];
    const visit = (n: Node) => {
      if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
      else if (!ts.isFunctionLike(n) || n === fn) ts.forEachChild(n, visit);
    };
    visit(fn);
    return out;
  };
  for (const sf of files)
    walk(sf, (n) => {
      if (ts.isFunctionDeclaration(n) && n.name) returns.set(n.name.text, returned(n));
      if (!ts.isVariableDeclaration(n) || !ts.isIdentifier(n.name) || !n.initializer) return;
      const fn = unwrap(n.initializer);
      if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) returns.set(n.name.text, returned(fn));
      if (ts.isObjectLiteralExpression(fn))
        for (const p of fn.properties)
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && ts.isArrowFunction(p.initializer))
            returns.set(`${n.name.text}.${p.name.text}`, returned(p.initializer));
      const init = unwrap(n.initializer);
      const text = literal(init) ?? (ts.isNumericLiteral(init) ? init.text : undefined);
      if (text !== undefined) consts.set(n.name.text, text);
      else if (ts.isObjectLiteralExpression(init)) {
        const props = new Map<string, string>();
        for (const p of init.properties) {
          const value = ts.isPropertyAssignment(p) ? literal(p.initializer) : undefined;
          if (value !== undefined && p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
            props.set(p.name.text, value);
        }
        members.set(n.name.text, props);
      }
    });

  // Every literal the sources give a member (`label: 'Course image'`, `subject: 'This quiz'`), by its name.
  const given = new Map<string, Set<string>>();
  for (const sf of files)
    walk(sf, (n) => {
      if (!ts.isPropertyAssignment(n) || !ts.isIdentifier(n.name)) return;
      const value = literal(unwrap(n.initializer));
      if (value === undefined) return;
      const values = given.get(n.name.text) ?? new Set<string>();
      given.set(n.name.text, values.add(value));
    });

  // A template whose values are all constants is one fixed sentence too.
  const constant = (n: Expression): string | undefined => {
    if (ts.isIdentifier(n)) return isConstantName(n.text) ? consts.get(n.text) : undefined;
    if (!ts.isTemplateExpression(n)) return literal(n);
    let text = n.head.text;
    for (const span of n.templateSpans) {
      const value = constant(unwrap(span.expression));
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  };
  for (const sf of files)
    walk(sf, (n) => {
      if (!ts.isVariableDeclaration(n) || !ts.isIdentifier(n.name) || !n.initializer) return;
      const init = unwrap(n.initializer);
      if (ts.isTemplateExpression(init)) {
        const text = constant(init);
        if (text !== undefined) consts.set(n.name.text, text);
      } else if (ts.isObjectLiteralExpression(init))
        for (const p of init.properties) {
          const value = ts.isPropertyAssignment(p) ? constant(unwrap(p.initializer)) : undefined;
          if (value !== undefined && p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
            members.get(n.name.text)?.set(p.name.text, value);
        }
    });

  /** The values a text of the sources can take, as far as they read: constants as they are, the rest as SAMPLES. */
  const samples = (node: Expression, locals: Map<string, Expression>, depth = 0): string[] => {
    const n = unwrap(node);
    const fixed = constant(n);
    if (fixed !== undefined) return [fixed];
    if (depth > 6) return SAMPLES;
    const more = (e: Expression) => samples(e, locals, depth + 1);
    if (ts.isTemplateExpression(n)) {
      let out = [n.head.text];
      for (const span of n.templateSpans) {
        const values = more(span.expression);
        out = out.flatMap((before) => values.map((v) => before + v + span.literal.text)).slice(0, 5000);
      }
      return out;
    }
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
      const value = members.get(n.expression.text)?.get(n.name.text);
      if (value !== undefined) return [value];
    }
    // `ref.label`, `what.subject`: what the sources give that member anywhere.
    const member = ts.isPropertyAccessExpression(n) ? given.get(n.name.text) : undefined;
    if (member?.size) return [...member].slice(0, 40);
    if (ts.isElementAccessExpression(n) && ts.isIdentifier(n.expression)) {
      const values = members.get(n.expression.text);
      if (values?.size) return [...values.values()];
    }
    if (ts.isConditionalExpression(n)) return [...more(n.whenTrue), ...more(n.whenFalse)];
    if (
      ts.isBinaryExpression(n) &&
      (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        n.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      return [...more(n.left), ...more(n.right)];
    if (ts.isIdentifier(n)) {
      const init = locals.get(n.text);
      if (init) return more(init);
    }
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      if (name && name in WRITES) return [WRITES[name]!];
      const values = (name && returns.get(name)) || [];
      if (values.length) return values.flatMap(more);
    }
    return SAMPLES;
  };

  return { members, constant, returns, samples };
}

/**
 * What a value of a sentence built with values is tried as, when the sources say no more (a count or an id, a
 * title or a name, an email, a status, a wait, a currency).
 */
const SAMPLES = ['3', 'Intro to Go', 'ada@example.com', 'Pending', 'approved', '3 minutes', 'USD'];

/** What the API's value writers write, by example (their own templates read as parts would say less). */
const WRITES: Record<string, string> = {
  lagosText: '1 March 2026, 14:00 WAT',
  formatNaira: '₦5,000',
  formatBytes: '50 MB',
  formatCueTime: '01:04.000',
};

/**
 * A caption file's refusal (`new CaptionFileError(line, detail)`), as the captions route sends it: the file's name,
 * the line, the detail.
 */
const captionRefusal = (detail: string) => `captions.srt: Line 3: ${detail}`;

/** The variables of a file declared with a value (`const where = \`Question ${n}\``), by name. */
const localsOf = (sf: SourceFile) => {
  const locals = new Map<string, Expression>();
  walk(sf, (n) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer)
      locals.set(n.name.text, n.initializer);
  });
  return locals;
};

/** A sentence built with values: its source, where, and what it can say (each value tried as SAMPLES). */
export type Template = { source: string; file: string; samples: string[] };

/**
 * The API's refusals that are one fixed sentence: a string passed to a refusal helper (or `new AppError`) as it is,
 * as a constant, as a member of a constant object of messages (`OTP_MESSAGES.used`), as a branch of `a ? b : c` and
 * `a ?? b`, or as what a message function returns (`lockedMessage(state)`, `PLAN_MESSAGES.notLive(status)`) when it
 * returns a fixed sentence; the helpers' own default sentences too. Sentences built with values (templates) are not
 * here: the table matches those with patterns.
 */
export function apiRefusals(): Found[] {
  return scanApi().found;
}

/**
 * The API's refusals built with values (a template with a value that is not a constant), reached as `apiRefusals`
 * reaches the fixed ones, or through a variable of the same file (`const tooLargeText = \`…\``).
 */
export function apiTemplates(): Template[] {
  return scanApi().templates;
}

let scanned: { found: Found[]; templates: Template[] } | undefined;
function scanApi() {
  if (scanned) return scanned;
  const files = sources();
  const { members, constant, returns, samples } = readConstants(files);
  const found: Found[] = [];
  const templates: Template[] = [];
  const seen = new Set<Node>();
  let locals = new Map<string, Expression>();
  const add = (arg: Expression, file: string) => {
    const n = unwrap(arg);
    const text =
      constant(n) ??
      (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)
        ? members.get(n.expression.text)?.get(n.name.text)
        : undefined);
    if (text !== undefined) found.push({ text, file });
    else if (ts.isTemplateExpression(n) && !seen.has(n)) {
      seen.add(n);
      templates.push({ source: n.getText(), file, samples: samples(n, locals) });
    } else if (ts.isIdentifier(n) && locals.has(n.text) && !seen.has(n)) {
      seen.add(n);
      add(locals.get(n.text)!, file);
    } else if (ts.isConditionalExpression(n)) {
      add(n.whenTrue, file);
      add(n.whenFalse, file);
    } else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      add(n.right, file);
    else if (ts.isCallExpression(n) && !seen.has(n)) {
      seen.add(n);
      const name = calleeName(n);
      for (const value of (name && returns.get(name)) || []) add(value, file);
    }
  };
  for (const sf of files) {
    if (!sf.fileName.startsWith(API_SRC)) continue;
    const file = path.relative(ROOT, sf.fileName);
    locals = localsOf(sf);
    walk(sf, (n) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && REFUSAL_HELPERS.has(n.expression.text)) {
        if (n.arguments[0]) add(n.arguments[0], file);
      } else if (
        (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'AppError') ||
        // A refusal of its own kind: `class CohortFull extends AppError { constructor() { super(409, …, MESSAGE) } }`.
        (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword)
      ) {
        if (n.arguments?.[2]) add(n.arguments[2], file);
      } else if (
        ts.isNewExpression(n) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === 'CaptionFileError' &&
        n.arguments?.[1]
      ) {
        const detail = n.arguments[1];
        templates.push({
          source: detail.getText(),
          file,
          samples: samples(detail, locals).map(captionRefusal),
        });
      } else if (
        ts.isParameter(n) &&
        n.initializer &&
        ts.isIdentifier(n.name) &&
        n.name.text === 'message' &&
        ts.isArrowFunction(n.parent) &&
        ts.isVariableDeclaration(n.parent.parent) &&
        ts.isIdentifier(n.parent.parent.name) &&
        REFUSAL_HELPERS.has(n.parent.parent.name.text)
      ) {
        // A helper's default sentence (`unauthorized()`).
        add(n.initializer, file);
      }
    });
  }
  return (scanned = { found, templates });
}

/**
 * The messages of the contract's schemas that are one fixed sentence: each `{ error: '…' }` or `{ message: '…' }`
 * given to a schema, check or refinement in packages/contract/src (a template of constants too).
 */
export function contractMessages(): Found[] {
  const files = sources();
  const { constant } = readConstants(files);
  const found: Found[] = [];
  for (const sf of files.filter((f) => f.fileName.startsWith(CONTRACT_SRC))) {
    const file = path.relative(ROOT, sf.fileName);
    walk(sf, (n) => {
      if (!ts.isPropertyAssignment(n) || !ts.isIdentifier(n.name)) return;
      if (n.name.text !== 'error' && n.name.text !== 'message') return;
      // Only an option of a call (`z.string({ error })`, `.min(1, { error })`, `.refine(fn, { message })`).
      if (!ts.isObjectLiteralExpression(n.parent) || !ts.isCallExpression(n.parent.parent)) return;
      const text = constant(unwrap(n.initializer));
      if (text !== undefined) found.push({ text, file });
    });
  }
  return found;
}
