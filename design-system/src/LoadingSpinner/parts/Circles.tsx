import { Box, keyframes } from '@mui/material';

const pulse = keyframes`
  0%, 80%, 100% { transform: scale(0.4); opacity: 0.5; }
  40% { transform: scale(1); opacity: 1; }
`;

interface CirclesProps {
  /** Each circle's diameter (a theme loading size). */
  unit: string;
}

/** Three circles pulsing in turn: the `circles` loading type. */
export function Circles({ unit }: CirclesProps) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', gap: `calc(${unit} / 2)`, alignItems: 'center' }}
    >
      {[0, 1, 2].map((index) => (
        <Box
          component="span"
          key={index}
          sx={{
            width: unit,
            height: unit,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            animation: `${pulse} 1.4s ease-in-out ${index * 0.16}s infinite both`,
            '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.8s' },
          }}
        />
      ))}
    </Box>
  );
}
