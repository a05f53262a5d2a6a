import { type Plugin, parseAst } from 'vite';

/**
 * The shared contracts build zod schemas in module-level constants. The web app imports mostly
 * plain functions from them, but a bundler must keep any call it cannot prove free of side
 * effects, such as `Schema.optional()`, and with it all of zod (~25 KB gzip). Every call inside
 * a module-level `const` initializer of a contracts file builds a value and does nothing else,
 * so this plugin marks those calls pure; calls inside functions are left alone.
 */
const CONTRACTS_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
const FUNCTION_NODES = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassBody']);

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return !!value && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

function collectCalls(node: AstNode, out: number[]): void {
  if (FUNCTION_NODES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') out.push(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) collectCalls(child, out);
    } else if (isNode(value)) {
      collectCalls(value, out);
    }
  }
}

/** Start offsets of the calls in module-level const initializers. */
export function pureCallOffsets(code: string, id = 'module.ts'): number[] {
  const program = parseAst(code, { lang: 'ts' }, id) as unknown as { body: AstNode[] };
  const offsets: number[] = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      if (isNode(declarator.init)) collectCalls(declarator.init, offsets);
    }
  }
  return [...new Set(offsets)].sort((a, b) => b - a);
}

export function markContractsPure(): Plugin {
  return {
    name: 'atrium:pure-contracts',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS_FILE.test(id)) return null;
      let result = code;
      for (const offset of pureCallOffsets(code, id)) {
        result = `${result.slice(0, offset)}/* @__PURE__ */ ${result.slice(offset)}`;
      }
      return { code: result, map: null };
    },
  };
}
