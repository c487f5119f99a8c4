/**
 * The charts' colours: the palette of src/client/styles/index.css as values, since SVG presentation attributes
 * do not read the theme's CSS variables reliably. Keep in step with the tokens there.
 */
export const TOKENS = {
  noir: "#0b0b0c",
  noirSoft: "#1a1a1c",
  ivory: "#f7f3ec",
  card: "#fbf8f3",
  stone: "#e7e1d6",
  stoneDark: "#cfc6b6",
  inkMuted: "#5b5650",
  gold: "#b08d57",
  goldDeep: "#7c6034",
  goldLight: "#d8c29b",
  forest: "#1f3b2d",
  oxblood: "#7a1f2b",
} as const;

/** The axes and grid: thin stone lines, muted ticks (the text inherits the page's sans). */
export const AXIS_TICK = { fill: TOKENS.inkMuted, fontSize: 12 } as const;
export const GRID_STROKE = TOKENS.stone;
