import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

// The spec's constants (section 9) live here so components never hard-code them.
export const tokens = defineTokens({
  fonts: {
    body: { value: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  },
  sizes: {
    sideMenu: { value: '270px' },
    sideMenuCompact: { value: '72px' },
    selectDropdown: { value: '256px' },
    content: { value: '1120px' },
    narrow: { value: '420px' },
    // The smallest pointer target WCAG 2.2 allows without spacing (2.5.8). In px: the root font is 14 px, so '6' is only 21 px.
    target: { value: '24px' },
  },
  fontSizes: {
    // Badges and chips: the smallest text shown, 12 px (the 'xs' token is 10.5 px on the 14 px root).
    chip: { value: '12px' },
  },
  spacing: {
    popoverGap: { value: '8px' },
  },
  durations: {
    popover: { value: '150ms' },
    tooltip: { value: '150ms' },
    accordion: { value: '200ms' },
  },
  // Named layers: without them `zIndex: 'modal'` compiles to an invalid value and a sticky table
  // header (z-index 1) shows through dialogs and drawers.
  zIndex: {
    sticky: { value: 10 },
    dropdown: { value: 1000 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    tooltip: { value: 1500 },
    toast: { value: 1600 },
    skipLink: { value: 1700 },
  },
});

// Every pair below is checked for WCAG AA: text tokens on bg.default/bg.canvas are >= 4.5:1,
// accent.fg on accent.default is >= 4.5:1, in both themes.
const pair = (light: string, dark: string) => ({ value: { base: light, _dark: dark } });

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: pair('#f5f6f8', '#0e1116'),
      default: pair('#ffffff', '#161a21'),
      subtle: pair('#eef1f5', '#1d222b'),
      muted: pair('#e2e6ed', '#272d38'),
      emphasized: pair('#d3d9e2', '#333b48'),
    },
    fg: {
      default: pair('#151a24', '#e7eaf0'),
      muted: pair('#4a5363', '#a7b0bf'),
      subtle: pair('#5c6778', '#929cad'),
      inverted: pair('#ffffff', '#0e1116'),
    },
    border: {
      default: pair('#d6dbe3', '#2e3542'),
      emphasized: pair('#b4bdca', '#46505f'),
      // Lines and outlines that carry meaning (the org chart's links and cards): >= 3:1 against bg.default and bg.subtle (WCAG 1.4.11).
      graphic: pair('#7c8798', '#6b7585'),
    },
    accent: {
      default: pair('#1d4ed8', '#7aa2ff'),
      emphasized: pair('#173fb0', '#9bb9ff'),
      fg: pair('#ffffff', '#0b1020'),
      text: pair('#1a45c2', '#9bb9ff'),
      subtle: pair('#e8eefc', '#1b2642'),
    },
    danger: {
      default: pair('#c0262d', '#ff7a7f'),
      fg: pair('#ffffff', '#1a0709'),
      text: pair('#a11d23', '#ffa3a7'),
      subtle: pair('#fdecec', '#3a1619'),
      border: pair('#f2b8ba', '#6e2a2f'),
    },
    success: {
      default: pair('#177245', '#4cc38a'),
      fg: pair('#ffffff', '#06180f'),
      text: pair('#135e39', '#7fe0b1'),
      subtle: pair('#e5f5ec', '#10301f'),
      border: pair('#a9dcc0', '#245a3e'),
    },
    warning: {
      text: pair('#8a4b00', '#ffc46b'),
      subtle: pair('#fff4e0', '#35260d'),
      border: pair('#f1cd8e', '#6b4d16'),
    },
    info: {
      text: pair('#1a45c2', '#9bb9ff'),
      subtle: pair('#e8eefc', '#1b2642'),
      border: pair('#b7c8f5', '#2f4275'),
    },
    focusRing: pair('#1d4ed8', '#9bb9ff'),
  },
  shadows: {
    card: pair('0 1px 2px rgba(16,24,40,0.06), 0 1px 3px rgba(16,24,40,0.08)', '0 1px 2px rgba(0,0,0,0.5)'),
    popover: pair('0 8px 24px rgba(16,24,40,0.14), 0 2px 6px rgba(16,24,40,0.08)', '0 8px 24px rgba(0,0,0,0.6)'),
  },
});
