/**
 * Finds user-facing text written straight into a component, with the
 * TypeScript compiler's own parser: JSX text with letters, and string
 * literals (or templates with letters) in attributes and object properties
 * that carry text to people (title, aria-label, placeholder, label, …).
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
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (ts.isJsxAttribute(node) && USER_FACING_NAMES.has(nameOf(node.name)) && node.initializer) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression ? literalText(init.expression) : null;
      if (value !== null) report(node, value, `${nameOf(node.name)}=`);
    } else if (ts.isPropertyAssignment(node) && USER_FACING_NAMES.has(nameOf(node.name))) {
      const value = literalText(node.initializer);
      if (value !== null) report(node, value, `${nameOf(node.name)}:`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
