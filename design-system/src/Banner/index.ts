export { Banner, BANNER_DEFAULT_TEXT, type BannerProps, type BannerState } from './Banner';
