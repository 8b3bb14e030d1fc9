// Sets the theme before first paint so a dark-mode user never sees a white flash, and starts
// fetching the first page's strings.
// Mirrors src/ui/theme/theme-mode.ts (key "theme": light | dark | system). Storage may be
// refused (private mode, blocked cookies): the system theme and French are then kept.
(function () {
  var mode = 'system';
  var lng = null;
  try {
    mode = localStorage.getItem('theme') || 'system';
    lng = localStorage.getItem('i18nextLng');
  } catch (_refused) {
    // keep the defaults
  }
  var dark = mode === 'dark' || (mode !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  if (lng === 'fr' || lng === 'en') document.documentElement.lang = lng;
  // The first page's strings are fetched while the JavaScript loads, not after it: the same
  // request as src/i18n/plugins.ts (language from storage, then the cookie, else French).
  if (lng !== 'fr' && lng !== 'en') {
    var cookie = /(?:^|; )i18next=(fr|en)(?:;|$)/.exec(document.cookie);
    lng = cookie ? cookie[1] : 'fr';
  }
  var preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'fetch';
  preload.crossOrigin = 'anonymous';
  preload.href = '/locales/' + lng + '/translation.json?area=first';
  document.head.appendChild(preload);
})();
