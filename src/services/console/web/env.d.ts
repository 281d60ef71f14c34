// Style sheets are imported for their effect; Vite bundles them.
declare module '*.css'
