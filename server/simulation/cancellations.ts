import type { CancellationDto, CancellationFileDto, RunMode } from '../../contract';
import { localToEpochMin } from '../domain/convert';
import { ApiError } from '../domain/errors';
import { parseCancellations } from '../formats/cancellations';
import { decodeUpload, emptyFile, fmt, invalidFile } from '../services/upload';
import type { RunQueries } from './queries';
import type { CancelReply } from './worker/messages';

/** Cancelling flights of the run a screen shows: one by id, or a file of them (parsed in formats/). */
export class Cancellations {
  constructor(
    private readonly queries: RunQueries,
    /**
     * Makes sure a stored operacion run exists: the real-time view is not stored, so a cancellation made
     * on it would be lost at the next restart or network upload; the first one starts the run at the wall
     * clock and goes to it.
     */
    private readonly ensureOperationRun: () => Promise<void>,
  ) {}

  private async host(modo?: RunMode) {
    if (modo === undefined || modo === 'operacion') await this.ensureOperationRun();
    const h = await this.queries.hostFor(modo);
    if (!h) throw new ApiError(409, 'SIN_SIMULACION', 'No hay una simulación de este modo en curso');
    return h;
  }

  async cancelFlight(id: string, modo?: RunMode): Promise<CancellationDto> {
    const r: CancelReply = await (await this.host(modo)).request({ kind: 'cancel', ref: id });
    const count = (s: string) => r.affected.filter((p) => p.estado === s).length;
    const aTiempo = count('a_tiempo');
    const atrasados = count('atrasado');
    const sinRuta = count('sin_ruta');
    return {
      message: `Vuelo ${r.label} cancelado: ${fmt(r.affected.length)} pedidos replanificados (${fmt(aTiempo)} a tiempo, ${fmt(atrasados)} atrasados, ${fmt(sinRuta)} sin ruta)`,
      vuelo: r.label,
      pedidosAfectados: r.affected.length,
      aTiempo,
      atrasados,
      sinRuta,
      pedidos: r.affected,
    };
  }

  /** A cancellations file (dd.ORIG-DEST-HH:MM): days of the run's current month, departure local to the origin. */
  async cancelFile(filename: string, bytes: Uint8Array, modo?: RunMode): Promise<CancellationFileDto> {
    const host = await this.host(modo);
    const v = host.view;
    const { text } = decodeUpload(bytes, filename);
    const snap = host.snapshot;
    if (!snap || (snap.estado !== 'en_curso' && snap.estado !== 'pausada'))
      throw new ApiError(
        409,
        'CONFLICTO',
        `La simulación está ${(snap?.estado ?? 'sin preparar').replace('_', ' ')}: no admite cancelaciones`,
      );
    const now = new Date(snap.clock.ahoraMs);
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const parsed = parseCancellations(text, new Set(v.flightIds), monthDays);
    if (parsed.errorCount > 0) throw invalidFile(filename, parsed);
    if (parsed.records.length === 0) throw emptyFile(filename, 'cancelaciones');
    const items = parsed.records.map((rec) => {
      const origin = v.airports[v.airportIndex.get(v.origin[v.flightIndex.get(rec.flightId)!])!];
      const [hh, mm] = rec.flightId.slice(-5).split(':').map(Number);
      return { flightId: rec.flightId, depMin: localToEpochMin(year, month, rec.day, hh, mm, origin.gmt) };
    });
    const { results } = await host.request({ kind: 'cancelMany', items });
    const omitidas: CancellationFileDto['omitidas'] = [];
    const affected = new Set<string>();
    let canceladas = 0;
    const lines = text.split(/\r?\n/);
    results.forEach((r, k) => {
      const rec = parsed.records[k];
      if (r.ok) {
        canceladas++;
        for (const key of r.affected) affected.add(key);
      } else {
        const linea =
          lines.findIndex((l) => l.includes(`${String(rec.day).padStart(2, '0')}.${rec.flightId}`)) + 1;
        omitidas.push({ linea, vuelo: rec.flightId, motivo: r.reason ?? 'no cancelable' });
      }
    });
    let message = `Archivo de cancelaciones ${filename}: ${fmt(canceladas)} vuelos cancelados, ${fmt(affected.size)} pedidos replanificados`;
    if (omitidas.length > 0)
      message += `; ${fmt(omitidas.length)} omitidos (ya despegaron o ya estaban cancelados)`;
    return { message, canceladas, omitidas: omitidas.slice(0, 100), pedidosAfectados: affected.size };
  }
}
