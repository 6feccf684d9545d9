import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';

describe('the server process flags', () => {
  it('are the ones `npm start` runs the server with', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    };
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) expect(pkg.scripts.start.split(' ')).toContain(flag);
  });

  it('come with the environment the systemd unit sets', () => {
    const unit = readFileSync(new URL('../../../deploy/systemd/devlearn@.service', import.meta.url), 'utf8');
    expect(Object.keys(SERVER_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      expect(unit.split('\n')).toContain(`Environment=${name}=${value}`);
    }
  });

  it('are the ones the deploy files start an instance with', () => {
    const unit = readFileSync(new URL('../../../deploy/systemd/devlearn@.service', import.meta.url), 'utf8');
    const start = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    const readme = readFileSync(new URL('../../../deploy/README.md', import.meta.url), 'utf8');
    const commands = readme
      .split('\n')
      .filter((l) => l.includes('node ') && l.includes('apps/api/dist/main.js'));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of [start, ...commands])
      for (const flag of SERVER_NODE_FLAGS) expect(line.split(' ')).toContain(flag);
  });
});
