module example.com/components

go 1.26
