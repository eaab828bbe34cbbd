import { buildApp } from './app';

/** Starts the server: build, listen, print the URL, close gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const app = await buildApp();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`Recibida ${signal}: cerrando el servidor`);
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
