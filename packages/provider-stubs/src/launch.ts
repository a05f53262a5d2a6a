// Starts every provider stand-in on loopback ports and prints the variables that point the server at
// them. With a command after `--`, runs it with those variables (`npm run dev:stubs` runs the
// server's dev script) and stops the stand-ins when it ends.
//   node --import tsx packages/provider-stubs/src/launch.ts [-- command ...]
import { spawn } from 'node:child_process';
import { LOCAL_KEYS, startLocalStubs } from './local.ts';

const port = process.env.PORT ?? '3000';
const origins = ['demo', 'riverside'].flatMap((org) => [port, '5173'].map((p) => `http://${org}.localhost:${p}`));
origins.push(`http://localhost:${port}`, 'http://localhost:5173');
const stubs = await startLocalStubs(origins);

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
console.log('# Provider stand-ins are listening. Point the server at them with:');
for (const [name, value] of Object.entries(stubs.env)) console.log(`export ${name}=${quote(value)}`);
console.log('# Keys the stand-ins accept (Settings > Integrations):');
for (const [name, value] of Object.entries(LOCAL_KEYS)) console.log(`#   ${name}: ${JSON.stringify(value)}`);
console.log('# Test cards (Settings > Plan): 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.');
console.log(
  '# Razorpay checkout: 4111 1111 1111 1111 pays (or netbanking); PhonePe pay page and PaymentSpring: 4242 4242 4242 4242 pays.',
);
console.log('# Social login: any login name at the identity provider signs in as that email.');

const at = process.argv.indexOf('--');
const command = at >= 0 ? process.argv.slice(at + 1) : [];
const stop = async (code: number) => {
  await stubs.close();
  process.exit(code);
};
if (command.length > 0) {
  const [program = '', ...args] = command;
  // Its own process group, so a stop reaches every process under it (npm, sh, node --watch, the server).
  const child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, ...stubs.env }, detached: true });
  child.on('exit', (code) => void stop(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (child.pid) process.kill(-child.pid, signal);
    });
  }
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
}
