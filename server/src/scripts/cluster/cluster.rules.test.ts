import { describe, expect, it } from 'vitest';
import { clusterInstances, haproxyConfig, parseClusterArgs } from './cluster.rules.js';

describe('parseClusterArgs', () => {
  it.each([
    {
      args: [],
      env: {},
      expected: { instances: 2, port: 4000, firstInstancePort: 4001, host: '0.0.0.0', source: false },
    },
    {
      args: ['--instances', '3'],
      env: { PORT: '4300' },
      expected: { instances: 3, port: 4300, firstInstancePort: 4301 },
    },
    { args: ['--instances=4', '--port=8080'], env: { PORT: '4300' }, expected: { instances: 4, port: 8080 } },
    { args: ['--first-instance-port', '5001'], env: {}, expected: { port: 4000, firstInstancePort: 5001 } },
    { args: ['--source'], env: { HOST: '127.0.0.1' }, expected: { host: '127.0.0.1', source: true } },
  ])('reads $args over PORT and HOST $env', ({ args, env, expected }) => {
    expect(parseClusterArgs(args, env)).toMatchObject(expected);
  });

  it.each([
    { args: ['--instances', '0'], message: /--instances must be a whole number from 1 to 9/ },
    { args: ['--instances', '10'], message: /from 1 to 9/ },
    { args: ['--instances', 'two'], message: /got "two"/ },
    { args: ['--instances'], message: /--instances needs a value/ },
    { args: ['--port', '70000'], message: /--port must be/ },
    {
      args: ['--port', '4002', '--first-instance-port', '4001'],
      message: /balancer's port 4002 is one of the instances'/,
    },
    { args: ['--first-instance-port', '65535', '--instances', '2'], message: /past 65535/ },
    { args: ['--workers', '2'], message: /Unknown argument "--workers"/ },
  ])('refuses $args', ({ args, message }) => {
    expect(() => parseClusterArgs(args, {})).toThrow(message);
  });
});

describe('clusterInstances', () => {
  it('names the instances i1, i2 … on consecutive ports', () => {
    expect(clusterInstances({ instances: 3, firstInstancePort: 4301 })).toEqual([
      { name: 'i1', port: 4301 },
      { name: 'i2', port: 4302 },
      { name: 'i3', port: 4303 },
    ]);
  });
});

describe('haproxyConfig', () => {
  const config = haproxyConfig({
    host: '0.0.0.0',
    port: 4300,
    instances: clusterInstances({ instances: 2, firstInstancePort: 4301 }),
  });

  it('listens where people come and spreads requests over every instance', () => {
    expect(config).toContain('bind 0.0.0.0:4300');
    expect(config).toContain('balance roundrobin');
    expect(config).toContain('server i1 127.0.0.1:4301 check');
    expect(config).toContain('server i2 127.0.0.1:4302 check');
  });

  it('checks each instance on /healthz and sends a refused request to another', () => {
    expect(config).toContain('http-check send meth GET uri /healthz');
    expect(config).toContain('http-check expect status 200');
    expect(config).toMatch(/inter 1s fall 2 rise 2/);
    expect(config).toContain('option redispatch 1');
  });

  it('keeps subscription sockets open, passes the client’s address on and names the instance that answered', () => {
    expect(config).toContain('timeout tunnel 1h');
    expect(config).toContain('option forwardfor');
    expect(config).toContain('http-response set-header X-Served-By %[srv_name]');
  });
});
