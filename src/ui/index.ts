export { EaselApp } from './app/easel-app';
