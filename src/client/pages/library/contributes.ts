import { resourceByName } from '../../../shared/registry.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { defineClientContributions } from '../../framework/contributions.js';
import { useAllowed } from '../../framework/useAccess.js';
import { LibraryDashboardCard } from './LibraryDashboardCard.js';
import { LibrarySettingsTab } from './LibrarySettingsTab.js';

export default defineClientContributions({
  settingsTabs: [{ key: 'library', label: 'Library', order: 40, component: LibrarySettingsTab }],
  dashboardCards: [{
    key: 'library', order: 20, component: LibraryDashboardCard,
    // A librarian's home is their dashboard and the library (while the school has the module on).
    useVisible: () => {
      const { user } = useSession();
      return useAllowed(resourceByName('book-issues'), 'read') && user.role === ROLE_IDS.librarian;
    },
  }],
});
