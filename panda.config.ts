import { defineConfig } from '@pandacss/dev';
import { semanticTokens, tokens } from './src/ui/theme/tokens';
import { button } from './src/ui/theme/recipes/button';
import { input } from './src/ui/theme/recipes/input';
import { spinner } from './src/ui/theme/recipes/spinner';
import { field } from './src/ui/theme/recipes/field';
import { checkbox } from './src/ui/theme/recipes/checkbox';
import { card } from './src/ui/theme/recipes/card';
import { alert } from './src/ui/theme/recipes/alert';
import { menu } from './src/ui/theme/recipes/menu';
import { toast } from './src/ui/theme/recipes/toast';
import { avatar } from './src/ui/theme/recipes/avatar';
import { tagInput } from './src/ui/theme/recipes/tag-input';
import { fileDrop } from './src/ui/theme/recipes/file-drop';
import { drawer } from './src/ui/theme/recipes/drawer';
import { table } from './src/ui/theme/recipes/table';
import { pagination } from './src/ui/theme/recipes/pagination';
import { dialog } from './src/ui/theme/recipes/dialog';
import { badge } from './src/ui/theme/recipes/badge';
import { select } from './src/ui/theme/recipes/select';
import { searchInput } from './src/ui/theme/recipes/search-input';
import { emptyState } from './src/ui/theme/recipes/empty-state';
import { skeleton } from './src/ui/theme/recipes/skeleton';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}', './.storybook/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  // The theme is a data attribute on <html>, set before first paint by public/theme-init.js.
  conditions: {
    extend: {
      dark: '[data-theme=dark] &, &[data-theme=dark]',
      light: '[data-theme=light] &, &[data-theme=light]',
    },
  },
  globalCss: {
    html: {
      fontFamily: 'body',
      fontSize: '14px',
      lineHeight: '1.5',
      bg: 'bg.canvas',
      color: 'fg.default',
      colorScheme: 'light',
      WebkitFontSmoothing: 'antialiased',
      _dark: { colorScheme: 'dark' },
    },
    body: { bg: 'bg.canvas', color: 'fg.default', minHeight: '100dvh' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    // Underlined so that links in running text are not told apart by colour alone (WCAG 1.4.1).
    a: { color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '2px' },
  },
  theme: {
    extend: {
      breakpoints: { wide: '1280px' },
      tokens,
      semanticTokens,
      recipes: { button, input, spinner, fileDrop },
      slotRecipes: { field, checkbox, card, alert, menu, toast, avatar, tagInput, drawer, table, pagination, dialog, badge, select, searchInput, emptyState, skeleton },
      keyframes: {
        spin: { to: { transform: 'rotate(360deg)' } },
        fadeIn: { from: { opacity: 0, transform: 'translateY(-4px)' }, to: { opacity: 1, transform: 'none' } },
        backdropIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        drawerInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } },
        drawerInRight: { from: { transform: 'translateX(100%)' }, to: { transform: 'none' } },
        skeletonPulse: { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } },
      },
    },
  },
});
