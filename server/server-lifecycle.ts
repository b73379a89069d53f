// Starting and stopping the HTTP server. main.ts runs it for `npm start`; the shutdown test runs the
// same code in a child process (server/test/fixtures/shutdown-server.ts) with a stand-in reader.
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';

/** A listening server and how to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /**
   * Stops taking requests (new connections are refused, new requests on open connections get 503),
   * lets those in flight finish until config.shutdownTimeoutMs, then closes the label-reader pool,
   * stops the job runner (awaiting its run in progress) and closes the database. Resolves with the
   * exit code: 0 when every request in flight finished, 1 when some were cut off or a step failed.
   * Idempotent: a second signal waits for the same shutdown.
   */
  shutdown(signal: string): Promise<number>;
}

/** What startServer needs: the config, and test seams passed through to buildApp. */
export interface StartServerOptions {
  config: AppConfig;
  labelReader?: BuildAppOptions['labelReader'];
  imageStorage?: BuildAppOptions['imageStorage'];
}

/** Opens the database, migrates it, builds the app and listens on config.host:config.port. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  let stopping: Promise<number> | undefined;
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
  });
  let app: FastifyInstance;
  try {
    await runMigrations(database);
    app = await buildApp({
      config,
      database,
      ...(options.labelReader ? { labelReader: options.labelReader } : {}),
      ...(options.imageStorage ? { imageStorage: options.imageStorage } : {}),
    });
    // Responses finished during a shutdown close their connection: a keep-alive connection left open
    // by a request that was in flight would otherwise hold the server open until the deadline.
    app.addHook('onSend', async (_request, reply) => {
      if (stopping) reply.header('connection', 'close');
    });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // PGlite holds its data directory (and keeps Node alive) until closed.
    await database.close();
    throw error;
  }

  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      const deadlineSeconds = config.shutdownTimeoutMs / 1000;
      app.log.info({ signal, deadlineSeconds }, 'shutting down: no new requests, finishing those in flight');
      let cutOff = false;
      const deadline = setTimeout(() => {
        cutOff = true;
        app.log.error(
          { deadlineSeconds },
          'requests still in flight at the shutdown deadline; cutting them off',
        );
        app.server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      let code = 0;
      try {
        // Fastify stops listening, answers 503 to requests arriving on open connections, waits for
        // those in flight, and only then runs the onClose hooks (reader pool, job runner).
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'error while closing the server');
        code = 1;
      } finally {
        clearTimeout(deadline);
      }
      try {
        await database.close();
        app.log.info('database closed');
      } catch (error) {
        app.log.error({ err: error }, 'error while closing the database');
        code = 1;
      }
      if (cutOff) code = 1;
      app.log.info({ exitCode: code }, 'shutdown complete');
      return code;
    })());

  return { app, database, shutdown };
}

/**
 * Shuts the server down on SIGTERM (orchestrators, `kill`) and SIGINT (Ctrl+C) and exits with the
 * shutdown's code. A backstop exits 1 should closing itself hang past the deadline plus 10 s.
 */
export function exitOnSignals(server: RunningServer, config: AppConfig): void {
  const onSignal = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      server.app.log.error('shutdown did not finish; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 10_000).unref();
    void server.shutdown(signal).then((code) => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
