import type { VinDecode } from '@contracts/upload';
import { hasValidVinCheckDigit } from '@contracts/vin';
import { makeFromWmi, modelYearFromVin } from './wmi';

interface VpicRow {
  ModelYear?: string | null;
  Make?: string | null;
  Model?: string | null;
  Trim?: string | null;
  Series?: string | null;
  ErrorCode?: string | null;
}

const CACHE_LIMIT = 2000;

/** Title case for vPIC's upper-case makes ("HONDA" → "Honda", "MERCEDES-BENZ" → "Mercedes-Benz"). */
const titleCase = (s: string) =>
  s.length <= 3
    ? s
    : s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/**
 * Decodes VINs through NHTSA vPIC (DecodeVinValues), caching answers per VIN, and falls back to an
 * offline decode (model year from position 10, make from the WMI) when vPIC is slow, down or
 * answers nothing useful — an upload in the lot never fails because a public service is down.
 */
export class VinDecoder {
  private readonly cache = new Map<string, VinDecode>();

  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  async decode(vin: string): Promise<VinDecode> {
    const cached = this.cache.get(vin);
    if (cached) return cached;
    const checkDigitValid = hasValidVinCheckDigit(vin);
    const online = await this.fromVpic(vin).catch(() => null);
    const result: VinDecode = online
      ? { vin, checkDigitValid, ...online, source: 'vpic' }
      : {
          vin,
          checkDigitValid,
          year: modelYearFromVin(vin),
          make: makeFromWmi(vin),
          model: null,
          trim: null,
          source: 'offline',
        };
    // Only vPIC answers are cached: an offline guess is retried next time.
    if (online) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(vin, result);
    }
    return result;
  }

  private async fromVpic(vin: string) {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`;
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as { Results?: VpicRow[] };
    const row = body.Results?.[0];
    if (!row) return null;
    const year = Number(text(row.ModelYear));
    const make = text(row.Make);
    const model = text(row.Model);
    if (!make && !model) return null;
    return {
      year: Number.isInteger(year) && year >= 1900 ? year : modelYearFromVin(vin),
      make: make ? titleCase(make) : makeFromWmi(vin),
      model,
      trim: text(row.Trim) ?? text(row.Series),
    };
  }
}
