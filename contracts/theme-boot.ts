/** localStorage key of the theme preference (docs/product-spec.md §3: product-specific key, default system). */
export const THEME_STORAGE_KEY = 'replypilot-theme';

/**
 * Runs inline in index.html's <head>, before the stylesheet paints anything: puts `dark` on <html>
 * when the saved preference (or, for "system", the OS) is dark, so a dark-mode user never sees the
 * white page React would otherwise show until its bundle ran (ui/src/features/theme/ applies the
 * same rule afterwards and follows changes). Injected by vite.config.ts; the server's CSP allows
 * exactly this text by its hash (api/http/security.ts): edit it here and both follow.
 */
export const THEME_BOOT_SCRIPT = `try{var p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}`;
