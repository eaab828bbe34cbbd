import { useAtom } from 'jotai';
import type { Selection } from 'react-aria-components';
import { Button } from '../../components/Button/Button';
import { Icon, type IconName } from '../../components/Icon/Icon';
import { Menu, MenuItem, MenuTrigger } from '../../components/Menu/Menu';
import { THEME_PREFERENCES, type ThemePreference, themePreferenceAtom } from './themeAtoms';

/** Labels as the spec lists them. */
export const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

const ICONS: Record<ThemePreference, IconName> = { light: 'sun', dark: 'moon', system: 'system' };

export function ThemeMenu() {
  const [preference, setPreference] = useAtom(themePreferenceAtom);
  const onSelectionChange = (keys: Selection) => {
    if (keys === 'all') return;
    const [key] = [...keys];
    if (key) setPreference(key as ThemePreference);
  };
  return (
    <MenuTrigger>
      <Button variant="ghost" size="icon" aria-label="Cambiar tema">
        <Icon name={ICONS[preference]} size={18} />
      </Button>
      <Menu
        aria-label="Tema"
        selectionMode="single"
        selectedKeys={[preference]}
        onSelectionChange={onSelectionChange}
        disallowEmptySelection
      >
        {THEME_PREFERENCES.map((key) => (
          <MenuItem key={key} id={key}>
            {THEME_LABELS[key]}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
