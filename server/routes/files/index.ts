import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TSchema } from 'typebox';
import {
  BinaryBody,
  errorResponses,
  FILE_KINDS,
  type FileKind,
  FileStatusDto,
  MultipartFileBody,
  OrdersUploadOkDto,
  PreviewQuery,
  TextBody,
  UploadOkDto,
} from '../../../contract';
import {
  contentDisposition,
  FILE_KIND_LABEL,
  fileContent,
  fileStatus,
  noFile,
  previewFile,
} from '../../services/files';
import { replaceAirports, replaceFlights } from '../../services/network';
import { storeOrdersUpload } from '../../services/orders-upload';
import { receiveUpload, UploadGate } from './receive';

const CHARSETS: Record<string, string> = { 'utf-16be': 'utf-16be', 'utf-16le': 'utf-16le', 'utf-8': 'utf-8' };

// The multipart body is streamed and checked by the handler; its schema is only documentation.
const skipBodyValidation = () => () => true;

const filesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const limit = app.config.uploadLimitBytes;
  const gate = new UploadGate();
  app.addHook('preClose', async () => gate.close());
  await app.register(multipart, {
    limits: { fileSize: limit, files: 1, fields: 10, parts: 20, fieldSize: 1024 * 1024 },
  });

  for (const kind of FILE_KINDS) {
    const label = FILE_KIND_LABEL[kind];

    app.get(
      `/${kind}/status`,
      {
        schema: {
          tags: ['archivos'],
          summary: `Estado del archivo de ${label}`,
          response: { 200: FileStatusDto, ...errorResponses() },
        },
      },
      async () => fileStatus(app.db, kind),
    );

    app.get(
      `/${kind}/preview`,
      {
        schema: {
          tags: ['archivos'],
          summary: `Primeras líneas del archivo de ${label}, en UTF-8`,
          querystring: PreviewQuery,
          produces: ['text/plain'],
          response: { 200: TextBody, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const text = await previewFile(app.db, kind, request.query.lines);
        if (text === undefined) throw noFile(kind);
        return reply.type('text/plain; charset=utf-8').send(text);
      },
    );

    app.get(
      `/${kind}/download`,
      {
        schema: {
          tags: ['archivos'],
          summary: `Descarga el archivo de ${label} tal como se cargó`,
          produces: ['application/octet-stream'],
          response: { 200: BinaryBody, ...errorResponses(404) },
        },
      },
      async (_request, reply) => {
        const file = await fileContent(app.db, kind);
        if (!file) throw noFile(kind);
        return sendBytes(reply, file.info.filename, file.info.encoding, file.bytes);
      },
    );
  }

  const uploadSchema = <T extends TSchema>(kind: FileKind, ok: T) => ({
    tags: ['archivos'],
    summary:
      kind === 'pedidos'
        ? 'Agrega los pedidos de un archivo (cualquier mezcla de destinos)'
        : `Reemplaza el archivo de ${FILE_KIND_LABEL[kind]} si es válido por completo`,
    consumes: ['multipart/form-data'],
    body: MultipartFileBody,
    response: { 200: ok, ...errorResponses(400, 409, 413, 415, 429) },
  });

  app.post(
    '/aereopuertos/upload',
    { schema: uploadSchema('aereopuertos', UploadOkDto), validatorCompiler: skipBodyValidation },
    async (request) => {
      return gate.run(
        () => receiveUpload(request, 'aereopuertos', limit),
        async (file) => {
          const deps = { db: app.db, bus: app.bus };
          const { message } = await replaceAirports(deps, await file.whole(), app.config.sedes);
          return { message };
        },
      );
    },
  );

  app.post(
    '/vuelos/upload',
    { schema: uploadSchema('vuelos', UploadOkDto), validatorCompiler: skipBodyValidation },
    async (request) => {
      return gate.run(
        () => receiveUpload(request, 'vuelos', limit),
        async (file) => {
          const { message } = await replaceFlights({ db: app.db, bus: app.bus }, await file.whole());
          return { message };
        },
      );
    },
  );

  app.post(
    '/pedidos/upload',
    { schema: uploadSchema('pedidos', OrdersUploadOkDto), validatorCompiler: skipBodyValidation },
    async (request) => {
      return gate.run(
        () => receiveUpload(request, 'pedidos', limit),
        (file) => storeOrdersUpload({ db: app.db, bus: app.bus }, file.filename, file.pieces(), gate.check),
      );
    },
  );
};

function sendBytes(reply: FastifyReply, filename: string, encoding: string, bytes: Uint8Array) {
  return reply
    .header('Content-Disposition', contentDisposition(filename))
    .header('Content-Length', bytes.byteLength)
    .type(`text/plain; charset=${CHARSETS[encoding] ?? 'utf-8'}`)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export default filesRoutes;
