import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// See README "Permissions" for why each one is asked for.
export default defineConfig({
  // Parallel builds (several e2e runs at once) each get their own output folder.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Vantage',
    description: 'Project stats and zero-knowledge score proofs from your toolbar.',
    permissions: ['storage', 'alarms', 'contextMenus'],
    // The local sandbox is granted up front; any other service origin is asked for at save time.
    host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    browser_specific_settings: {
      // data_collection_permissions is newer than WXT's manifest types; Firefox requires it for MV3 lint.
      gecko: { id: 'vantage@vantage.example', data_collection_permissions: { required: ['none'] } } as never,
    },
  },
});
