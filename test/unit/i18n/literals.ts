/**
 * Finds user-facing text written straight into a component, with the
 * TypeScript compiler's own parser: JSX text with letters, and string
 * literals (or templates with letters) in attributes and object properties
 * that carry text to people (title, aria-label, placeholder, label, …).
 * Text handed to a state setter (`setNote(\`Could not …\`)`) or returned by
 * a function is found too, but only when it reads as prose (below): those
 * positions also carry class names, tones and keys.
 */
import ts from 'typescript';

/** JSX attributes and object properties whose string value a person reads or hears. */
export const USER_FACING_NAMES: ReadonlySet<string> = new Set([
  'title',
  'aria-label',
  'aria-valuetext',
  'aria-description',
  'placeholder',
  'alt',
  'label',
  'caption',
  'hint',
  'text',
  'message',
]);

/**
 * What may stay literal, each for a reason. Kept small: a new entry needs one.
 */
export const ALLOWED_LITERALS: Readonly<Record<string, string>> = {
  Vantage: 'the brand name, the same in every language',
  '0x…': 'the shape of an address (a placeholder), not a word',
  'vantage:proof': "the page API's event name: code a developer types, not prose",
};

export interface Literal {
  readonly line: number;
  readonly text: string;
  readonly where: string;
}

const LETTER = /\p{L}/u;

/** A word of prose: letters only, perhaps quoted or bracketed, perhaps followed by punctuation ("list:", "(another"). */
const WORD = /^[(“"‘']?\p{L}[\p{L}'’]*[.,;:!?…)”"’]*$/u;

/**
 * Whether text in a setter's argument or a return reads as a sentence, not a
 * class list ("muted status-error"), a tone ("ok"), a key ("options.save"), a
 * URL or a CSS value ("12px system-ui, sans-serif"): two words or more with a
 * capital or punctuation, or one capitalised word ending a sentence ("Saved.").
 * `…` marks where a template's substitutions were.
 */
export function readsAsProse(text: string): boolean {
  const words = text.split('…').join(' ').split(/\s+/).filter((w) => WORD.test(w));
  if (words.length >= 2) return /\p{Lu}|[.,;:!?()“”"]/u.test(text.split('…').join(' '));
  return words.length === 1 && /^\p{Lu}\p{L}*[.!?]$/u.test(words[0]!);
}

/** `setNote(…)`, `setState(…)`: a Preact state setter, by the hooks' naming convention. */
function isSetterCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return /^set[A-Z]/.test(name);
}

function literalText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
    return literalText(node.left) ?? literalText(node.right);
  }
  return null;
}

function nameOf(name: ts.PropertyName | ts.JsxAttributeName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : ts.isJsxNamespacedName(name) ? `${name.namespace.text}:${name.name.text}` : name.getText();
}

/** Every literal user-facing string in one file's source. */
export function findLiterals(fileName: string, source: string): Literal[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    // HTML entities (&nbsp;) are characters, not words.
    const trimmed = text.replace(/&[a-z]+;|&#\d+;/gi, ' ').replace(/\s+/g, ' ').trim();
    if (!LETTER.test(trimmed) || Object.hasOwn(ALLOWED_LITERALS, trimmed)) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: trimmed, where });
  };
  const prose = (node: ts.Expression, where: string): void => {
    // Each branch on its own: `on ? 'hidden' : 'Show the key'`.
    if (ts.isParenthesizedExpression(node)) return prose(node.expression, where);
    if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach((b) => prose(b, where));
    const value = literalText(node);
    if (value !== null && readsAsProse(value)) report(node, value, where);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (ts.isJsxAttribute(node) && USER_FACING_NAMES.has(nameOf(node.name)) && node.initializer) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression ? literalText(init.expression) : null;
      if (value !== null) report(node, value, `${nameOf(node.name)}=`);
    } else if (ts.isPropertyAssignment(node) && USER_FACING_NAMES.has(nameOf(node.name))) {
      const value = literalText(node.initializer);
      if (value !== null) report(node, value, `${nameOf(node.name)}:`);
    } else if (ts.isCallExpression(node) && isSetterCall(node)) {
      for (const arg of node.arguments) prose(arg, 'set…(');
    } else if (ts.isReturnStatement(node) && node.expression) {
      prose(node.expression, 'return');
    } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
      prose(node.body, '=>');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
