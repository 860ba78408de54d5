import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * docs/conventions.md habit 6: mutate()'s own callbacks (a toast, closing a dialog) are dropped
 * once the calling component unmounts. A hook whose useMutation-level onSuccess/onSettled returns a
 * promise (a refetch) makes the mutation settle only once that refetch is back, and the refetched
 * answer may be what removes the caller (a row leaving its list, a dialog whose button is gone).
 * So a hook that waits is called with mutateAsync(), never mutate() with callbacks. The types tell
 * which hooks wait (a callback returning a Promise), so helpers and shared hooks are followed.
 */
const web = join(import.meta.dirname, '../../web');
const config = ts.getParsedCommandLineOfConfigFile(
  join(web, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
);
if (!config) throw new Error('web/tsconfig.json could not be read');
const program = ts.createProgram({
  rootNames: config.fileNames.filter((f) => !/\.test\.tsx?$/.test(f)),
  options: { ...config.options, noEmit: true, incremental: false, composite: false },
});
const checker = program.getTypeChecker();
const PER_CALL = new Set(['onSuccess', 'onError', 'onSettled']);
const WAITING = new Set(['onSuccess', 'onSettled']);

const returnsPromise = (node: ts.Node) =>
  checker
    .getTypeAtLocation(node)
    .getCallSignatures()
    .some((signature) => {
      const type = checker.getReturnTypeOfSignature(signature);
      const parts = type.isUnion() ? type.types : [type];
      return parts.some((part) => part.getSymbol()?.getName() === 'Promise');
    });

/** The function a name stands for (through imports and `const useX = () => …`). */
function functionOf(expression: ts.Expression): ts.SignatureDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (!declaration) return undefined;
  if (ts.isFunctionDeclaration(declaration)) return declaration;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const init = declaration.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  return undefined;
}

/** Whether a call is useMutation({ … }) with a waiting callback, or a hook of ours that is. */
function callWaits(call: ts.CallExpression, depth: number): boolean {
  const callee = call.expression.getText();
  const options = call.arguments[0];
  if (callee === 'useMutation')
    return (
      !!options &&
      ts.isObjectLiteralExpression(options) &&
      options.properties.some(
        (property) =>
          ts.isPropertyAssignment(property) &&
          WAITING.has(property.name.getText()) &&
          returnsPromise(property.initializer),
      )
    );
  if (!/^use[A-Z]/.test(callee.split('.').pop() ?? '')) return false;
  const hook = functionOf(call.expression);
  return !!hook && hookWaits(hook, depth + 1);
}

/** Whether a hook's useMutation (its own, or the hook it returns) waits on what its callbacks return. */
function hookWaits(hook: ts.SignatureDeclaration, depth = 0): boolean {
  if (depth > 3 || !hook.getSourceFile().fileName.startsWith(web)) return false;
  let waits = false;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && callWaits(node, depth)) waits = true;
    if (!ts.isFunctionLike(node) || node === hook) ts.forEachChild(node, visit);
  };
  // The hook's body, or the expression an arrow hook answers (`() => useMutation(…)`).
  visit(hook);
  return waits;
}

/** Every mutate() and mutateAsync() call on a hook of ours: where, which, and whether its hook waits. */
function mutationCalls() {
  const calls: { where: string; method: string; hasCallbacks: boolean; waits: boolean }[] = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(web) || file.fileName.includes('node_modules')) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        (node.expression.name.text === 'mutate' || node.expression.name.text === 'mutateAsync')
      ) {
        const callbacks = node.arguments[1];
        const hasCallbacks =
          !!callbacks &&
          (!ts.isObjectLiteralExpression(callbacks) ||
            callbacks.properties.some((p) => p.name && PER_CALL.has(p.name.getText())));
        const receiver = checker.getSymbolAtLocation(node.expression.expression)?.declarations?.[0];
        const init = receiver && ts.isVariableDeclaration(receiver) ? receiver.initializer : undefined;
        if (init && ts.isCallExpression(init)) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          calls.push({
            where: `${relative(dirname(web), file.fileName)}:${line + 1} ${node.expression.getText()}()`,
            method: node.expression.name.text,
            hasCallbacks,
            waits: callWaits(init, 0),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

test("no mutate() with its own callbacks on a hook whose onSuccess/onSettled waits for a refetch (use mutateAsync's promise)", () => {
  const calls = mutationCalls();
  expect(calls.filter((c) => c.method === 'mutate' && c.hasCallbacks && c.waits).map((c) => c.where)).toEqual(
    [],
  );
  // The rule sees what it looks for: the dealer's delivery confirmation waits for the sales' refetch
  // (web/src/features/dealer/api/delivery-api.ts) and the admin's refresh deliberately does not.
  const confirm = calls.find((c) => c.where.includes('confirm-delivery-dialog.tsx'));
  expect(confirm).toMatchObject({ method: 'mutateAsync', waits: true });
  expect(calls.find((c) => c.where.includes('delivery-summary.tsx'))).toMatchObject({ waits: false });
}, 120_000);
