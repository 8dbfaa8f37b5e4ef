/**
 * A TCP proxy in front of app servers, as a school group's balancer stands in front of them:
 * each new connection goes to the first target that accepts it. `cut()` drops every connection
 * and refuses new ones (a network drop) until `restore()`.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function tcpProxy(targets: () => number[]): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let refusing = false;
  const connectTo = (ports: number[], client: net.Socket) => {
    const [port, ...rest] = ports;
    if (port === undefined) return client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    upstream.once('error', () => {
      // Nobody there (a server that died): the next one, if the client is still waiting.
      if (!client.destroyed && !upstream.readyState.startsWith('open')) connectTo(rest, client);
    });
    upstream.once('connect', () => {
      open.add(upstream);
      upstream.on('close', () => { open.delete(upstream); client.destroy(); });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    if (refusing) return client.destroy();
    open.add(client);
    client.on('close', () => open.delete(client));
    connectTo(targets(), client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => { for (const s of open) s.destroy(); open.clear(); };
  return {
    port, url: `http://127.0.0.1:${port}`,
    cut() { refusing = true; dropAll(); },
    restore() { refusing = false; },
    close: () => new Promise<void>((resolve) => { dropAll(); server.close(() => resolve()); }),
  };
}
