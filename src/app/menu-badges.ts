import { createContext, useContext } from 'react';

/** Given by the app shell: reads the side menu's badge counts again. */
export const MenuBadgesContext = createContext<() => void>(() => {});

/** For pages that change what a menu badge counts (an invitation sent or revoked). */
export const useRefreshMenuBadges = () => useContext(MenuBadgesContext);
