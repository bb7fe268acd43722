package sarif

// SetReadFile replaces os.ReadFile as the way b reads file contents (to
// count columns in code points).
func (b *Builder) SetReadFile(read func(string) ([]byte, error)) { b.readFile = read }
