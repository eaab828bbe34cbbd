import { buildApp } from './app';

/** Longest wait for a graceful close after SIGTERM/SIGINT. */
const SHUTDOWN_DEADLINE_MS = 8000;

/** Starts the server: build, listen, print the URL, close gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const app = await buildApp();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`Recibida ${signal}: cerrando el servidor`);
    // A close that waits on a long transaction must not keep the process past an orchestrator's patience.
    setTimeout(() => {
      app.log.error(`El cierre tardó más de ${SHUTDOWN_DEADLINE_MS / 1000} s: se termina sin esperar`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Error al cerrar el servidor');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: app.config.port, host: app.config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : app.config.port;
  console.log(`Servidor listo en http://localhost:${port}`);
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error instanceof Error ? error.message : error);
  process.exit(1);
});
