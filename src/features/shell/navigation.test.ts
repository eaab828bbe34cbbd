import { describe, expect, it } from 'vitest';
import { RUN_MODES } from '../../../contract/enums';
import { HOME_PATH, hasPanel, modeForPath, NAV_LINKS, PATH_OF_MODE, REGISTRAR_PATH } from './navigation';

describe('sections and run modes', () => {
  it('gives each run mode one section whose clock and panel are that run’s', () => {
    const hrefs: string[] = NAV_LINKS.map((l) => l.href);
    for (const mode of RUN_MODES) {
      expect(hrefs).toContain(PATH_OF_MODE[mode]);
      expect(modeForPath(PATH_OF_MODE[mode])).toBe(mode);
      expect(hasPanel(PATH_OF_MODE[mode])).toBe(true);
    }
    expect(PATH_OF_MODE.semanal).toBe('/simulacion');
  });

  it('shows the daily operation’s clock outside the run screens and starts there', () => {
    expect(modeForPath(REGISTRAR_PATH)).toBe('operacion');
    expect(modeForPath('/otra')).toBe('operacion');
    expect(hasPanel(REGISTRAR_PATH)).toBe(false);
    expect(HOME_PATH).toBe('/operacion');
  });
});
