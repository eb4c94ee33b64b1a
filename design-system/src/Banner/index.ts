export { Banner, type BannerProps, type BannerState } from './Banner';
