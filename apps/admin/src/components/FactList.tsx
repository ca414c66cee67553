import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A record's facts as a definition list: each term (bold) beside its value, the terms in a column as wide as the
 * longest. `dense` tightens the rows; `blank` stands in for an empty value.
 */
export function FactList({
  facts,
  dense = false,
  blank = '',
}: {
  facts: Array<[string, string]>;
  dense?: boolean;
  blank?: string;
}) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: dense ? 0.5 : 1, m: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value || blank}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
