import { defineClientContributions } from '../../framework/contributions.js';
import { FeeSettingsTab } from './FeeSettingsTab.js';

export default defineClientContributions({
  settingsTabs: [{ key: 'fees', label: 'Fees', order: 50, component: FeeSettingsTab }],
});
