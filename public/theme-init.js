// Sets the theme before first paint so a dark-mode user never sees a white flash.
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
})();
