/**
 * The antd theme of every screen, logged in or not. antd's default blue, red, green, gold and
 * secondary grey are below WCAG AA's 4.5:1 for text on white; these shades (antd's own
 * palette, one or two steps darker) reach it on white and on their own tinted backgrounds.
 * Plain data, so the login screen can import it without the rest of the app.
 */
import type { ThemeConfig } from 'antd';
// The skip link, focus ring and hidden headings every screen shares.
import './a11y.css';

/** Text on white, in contrast ratios: primary 6.2, error 5.6, success 5.6, warning 6.8, secondary 7.0. */
export const COLORS = {
  primary: '#0958d9',
  error: '#cf1322',
  success: '#237804',
  warning: '#874d00',
  secondaryText: 'rgba(0, 0, 0, 0.65)',
} as const;

/** The lightest grey that keeps 4.5:1 on white (4.7). */
const DIM_TEXT = 'rgba(0, 0, 0, 0.55)';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorInfo: COLORS.primary,
    colorLink: COLORS.primary,
    // Hover and press shades go darker, not lighter, so a hovered link or button keeps its contrast.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorError: COLORS.error,
    colorSuccess: COLORS.success,
    colorWarning: COLORS.warning,
    colorTextSecondary: COLORS.secondaryText,
    colorTextTertiary: COLORS.secondaryText,
    colorTextDescription: COLORS.secondaryText,
    colorTextPlaceholder: DIM_TEXT,
    // Preset tag colours write their text in shade 7 on shade 1; these shades are too light.
    green7: '#237804',
    gold7: '#874d00',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    cyan7: '#006d75',
    lime7: '#3f6600',
    magenta7: '#9e1068',
  },
  components: {
    // A table's empty text ("No students") is drawn in the disabled grey; it is information, not a disabled control.
    // A selected row's background stays light enough for a link in it.
    Table: { colorTextDisabled: COLORS.secondaryText, rowSelectedBg: '#e6f4ff', rowSelectedHoverBg: '#dcecff' },
    // Days outside the shown month are drawn in the disabled grey, though they can be picked.
    DatePicker: { colorTextDisabled: DIM_TEXT },
    Calendar: { colorTextDisabled: DIM_TEXT },
    // A field fixed after creation (the hostel stay's student) shows its value in a disabled picker: it is read, not greyed out.
    Select: { colorTextDisabled: DIM_TEXT },
  },
};
