import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import * as chakraTheme from '@chakra-ui/react/theme';
import { lightOnly } from './light-tokens';

/**
 * The recipes of the components the portal uses, not Chakra's whole catalogue (`defaultConfig` carries every
 * recipe, about 20 KB of compressed script on the first load). A component whose recipe is missing renders
 * unstyled without an error: add its recipe here when you use a new Chakra component.
 */
const recipes = {
  badge: chakraTheme.badgeRecipe,
  button: chakraTheme.buttonRecipe,
  checkmark: chakraTheme.checkmarkRecipe,
  container: chakraTheme.containerRecipe,
  heading: chakraTheme.headingRecipe,
  icon: chakraTheme.iconRecipe,
  input: chakraTheme.inputRecipe,
  link: chakraTheme.linkRecipe,
  radiomark: chakraTheme.radiomarkRecipe,
  skeleton: chakraTheme.skeletonRecipe,
  skipNavLink: chakraTheme.skipNavLinkRecipe,
  spinner: chakraTheme.spinnerRecipe,
  textarea: chakraTheme.textareaRecipe,
};
const slotRecipes = {
  alert: chakraTheme.alertSlotRecipe,
  card: chakraTheme.cardSlotRecipe,
  checkbox: chakraTheme.checkboxSlotRecipe,
  dataList: chakraTheme.dataListSlotRecipe,
  dialog: chakraTheme.dialogSlotRecipe,
  drawer: chakraTheme.drawerSlotRecipe,
  field: chakraTheme.fieldSlotRecipe,
  list: chakraTheme.listSlotRecipe,
  menu: chakraTheme.menuSlotRecipe,
  nativeSelect: chakraTheme.nativeSelectSlotRecipe,
  radioGroup: chakraTheme.radioGroupSlotRecipe,
  table: chakraTheme.tableSlotRecipe,
  tabs: chakraTheme.tabsSlotRecipe,
  toast: chakraTheme.toastSlotRecipe,
};

/** Chakra's default theme (tokens, styles, global CSS) with the recipes above only. */
const chakraDefaults = defineConfig({
  preflight: true,
  cssVarsPrefix: chakraTheme.cssVarsPrefix,
  cssVarsRoot: chakraTheme.cssVarsRoot,
  globalCss: chakraTheme.globalCss,
  theme: {
    breakpoints: chakraTheme.breakpoints,
    keyframes: chakraTheme.keyframes,
    tokens: chakraTheme.tokens,
    // Light mode only: the dark values were worked out on every load and never used (light-tokens.ts).
    semanticTokens: lightOnly(chakraTheme.semanticTokens),
    recipes,
    slotRecipes,
    textStyles: chakraTheme.textStyles,
    layerStyles: chakraTheme.layerStyles,
    animationStyles: chakraTheme.animationStyles,
  },
});

/**
 * A restrained bank theme: a deep navy brand on white, text colours chosen for WCAG AA contrast (4.5:1 or more),
 * and a clearly visible focus ring. Light mode only.
 */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4fa' },
          100: { value: '#d5e3f1' },
          200: { value: '#abc7e3' },
          300: { value: '#7ea8d2' },
          400: { value: '#4f86bd' },
          500: { value: '#2b67a3' },
          600: { value: '#1d5189' },
          700: { value: '#144172' },
          800: { value: '#0b3d66' },
          900: { value: '#082a47' },
          950: { value: '#051b2e' },
        },
      },
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.800}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.200}' },
        },
        fg: {
          muted: { value: '{colors.gray.700}' },
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.800}' },
          success: { value: '{colors.green.800}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'white', color: 'gray.900' },
    body: { minHeight: '100vh' },
    '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
    a: { textUnderlineOffset: '2px' },
    // A long word in a figure (an e-mail address, a reference) wraps rather than pushing a phone's page sideways.
    '.chakra-data-list__itemValue': { overflowWrap: 'anywhere', minWidth: 0 },
  },
});

export const system = createSystem(defaultBaseConfig, chakraDefaults, config);

/**
 * The system the app renders with: the same, but its global CSS (reset, global styles, token variables) is already
 * in index.html's head, written there by the build (client/build/chakra-global-css.ts), so the provider inserts none
 * and the page never builds it (issue 23 item 1).
 */
export const appSystem: typeof system = Object.create(system, { _global: { value: [] } });
