import { roleMayCall } from '../../../shared/calls.js';
import { defineClientContributions } from '../../framework/contributions.js';
import { AdmissionSettingsTab } from './AdmissionSettingsTab.js';

export default defineClientContributions({
  settingsTabs: [{ key: 'admissions', label: 'Admissions', order: 30, component: AdmissionSettingsTab, visible: (role) => roleMayCall('admission-settings.get', role) }],
});
