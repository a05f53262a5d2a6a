// Run by `npm run lint`. Fails when
// - the TypeScript import graph has a cycle (DESIGN.md: "No import cycles"): the compiler's own module
//   resolution over each workspace's tsconfig; type-only and dynamic imports count too;
// - production code (apps/*/src, tests aside) imports the provider stand-ins (@atrium/provider-stubs),
//   which only tests, e2e and `npm run dev:stubs` use.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['packages/contracts', 'packages/provider-stubs', 'apps/server', 'apps/web', 'e2e'];

/** Every import edge between the repository's own files (not node_modules). */
const STUBS = resolve(root, 'packages/provider-stubs');
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes('/test/');
const production = (file) => /\/apps\/(server|web)\/src\//.test(file) && !isTest(file);
const stubImports = [];

function graphOf(project) {
  const configPath = resolve(root, project, 'tsconfig.json');
  if (!ts.sys.fileExists(configPath)) return new Map();
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  const host = ts.createCompilerHost(config.options);
  const graph = new Map();
  for (const file of config.fileNames) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const edges = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, config.options, host).resolvedModule;
      const target = resolved?.resolvedFileName ? resolve(resolved.resolvedFileName) : '';
      if (production(file) && (fileName.startsWith('@atrium/provider-stubs') || target.startsWith(STUBS))) {
        stubImports.push(`${relative(root, file)} imports ${fileName}`);
      }
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('/node_modules/'))
        continue;
      if (resolved.resolvedFileName.endsWith('.d.ts')) continue;
      edges.add(resolve(resolved.resolvedFileName));
    }
    graph.set(resolve(file), edges);
  }
  return graph;
}

/** Tarjan's strongly connected components: each one with more than one file (or a self-import) is a cycle. */
function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    const own = meta.get(node);
    if (own.low === own.index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

const graph = new Map();
for (const project of projects) {
  for (const [file, edges] of graphOf(project)) {
    graph.set(file, new Set([...(graph.get(file) ?? []), ...edges]));
  }
}
const cycles = cyclesOf(graph);
for (const cycle of cycles) {
  console.error(
    `import cycle: ${cycle
      .map((file) => relative(root, file))
      .sort()
      .join(' <-> ')}`,
  );
}
for (const line of stubImports) console.error(`production code importing the provider stand-ins: ${line}`);
if (cycles.length > 0 || stubImports.length > 0) {
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move the shared part into a module both sides import.`);
  }
  process.exit(1);
}
console.log(`no import cycles in ${graph.size} files; production code does not import the provider stand-ins`);
