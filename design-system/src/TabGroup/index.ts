export { TabGroup, type TabGroupProps, type TabGroupTab } from './TabGroup';
