// The generic layout and text pieces the app builds pages with, so form-app never imports MUI
// itself (ESLint forbids it): one place to see, theme and, if need be, replace them.
export {
  Alert,
  Box,
  Button,
  Container,
  Divider,
  Link,
  Stack,
  Typography,
  type AlertProps,
  type BoxProps,
  type ButtonProps,
  type ContainerProps,
  type DividerProps,
  type LinkProps,
  type StackProps,
  type TypographyProps,
} from '@mui/material';
