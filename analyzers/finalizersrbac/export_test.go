package finalizersrbac

// ParseRoles returns how many rules parseRoles reads from data.
func ParseRoles(data []byte) (int, error) {
	rules, err := parseRoles(data)
	return len(rules), err
}
