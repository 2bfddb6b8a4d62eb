// Types of the jest-dom matchers the shared jest setup installs (toBeInTheDocument, …).
/// <reference types="@testing-library/jest-dom" />
