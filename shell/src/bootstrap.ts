// The shell's start, in steps of one task each. Evaluating React, the shared kit and the shell's
// own modules in one go was the page's longest task (about 100 ms of main thread on a desktop
// core, four times that on a mid-range phone), and a phone cannot answer a tap during a task.
// Between the steps the browser paints and handles input. The modules are all in this chunk
// (`webpackMode: "eager"`): the steps add no request, only a yield between evaluations.
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@pasar/shared');
  await nextTask();
  const { startShell } = await import(/* webpackMode: "eager" */ './start-shell');
  startShell();
}

void start();

// A module, not a script, for TypeScript (index.ts imports it).
export {};
