import { createContext } from 'react';

/** True inside the header's "More" menu on a phone: each `HeaderAction` there renders as a menu item. */
export const HeaderActionsInMenu = createContext(false);
