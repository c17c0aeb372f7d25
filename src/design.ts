/** The entry of `design.html`: the design system's page (tokens and components, light and dark). */
import './ui/styles/tokens.css';
import './ui/design/design-page';
